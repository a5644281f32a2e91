// Test helpers: read elements back out of the SVG the plot builders write (excluded from the build).
import { CHAR_EM } from '@tombstone-lab/bench/svg';

/** One element: its name, attributes and (for text) its content, XML entities decoded. */
export interface SvgElement {
  readonly name: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly content: string;
}

const decode = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** Every element named `name` (`text` elements with their content). */
export function elements(svg: string, name: string): SvgElement[] {
  const re =
    name === 'text' ? /<text([^>]*)>([^<]*)<\/text>/g : new RegExp(`<${name}((?:\\s[^>]*)?)\\/?>`, 'g');
  return [...svg.matchAll(re)].map((m) => ({
    name,
    attrs: Object.fromEntries(
      [...(m[1] ?? '').matchAll(/([\w:-]+)="([^"]*)"/g)].map((a) => [a[1]!, decode(a[2]!)]),
    ),
    content: decode(m[2] ?? ''),
  }));
}

/** The document's width and height. */
export function size(svg: string): { width: number; height: number } {
  const root = elements(svg, 'svg')[0]!;
  return { width: Number(root.attrs.width), height: Number(root.attrs.height) };
}

/**
 * Texts whose estimated extent (the same per-glyph estimate the builders wrap by) leaves the document: unrotated
 * texts only (a rotated axis title is checked by the browser test).
 */
export function overflowingTexts(svg: string): string[] {
  const { width, height } = size(svg);
  return elements(svg, 'text')
    .filter((t) => !t.attrs.transform)
    .filter((t) => {
      const fontSize = Number(t.attrs['font-size'] ?? 11);
      const w =
        t.content.length * fontSize * (t.attrs['font-weight'] === 'bold' ? CHAR_EM.bold : CHAR_EM.normal);
      const x = Number(t.attrs.x);
      const y = Number(t.attrs.y);
      const anchor = t.attrs['text-anchor'] ?? 'start';
      const left = anchor === 'middle' ? x - w / 2 : anchor === 'end' ? x - w : x;
      return left < 0 || left + w > width || y - fontSize < 0 || y > height;
    })
    .map((t) => t.content);
}

/** The points of a path's `M x y L x y …` data, one array per subpath. */
export function pathPoints(d: string): { x: number; y: number }[][] {
  const out: { x: number; y: number }[][] = [];
  for (const m of d.matchAll(/([ML])(-?[\d.]+) (-?[\d.]+)/g)) {
    if (m[1] === 'M') out.push([]);
    out.at(-1)!.push({ x: Number(m[2]), y: Number(m[3]) });
  }
  return out;
}
