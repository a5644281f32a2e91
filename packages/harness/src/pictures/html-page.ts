import { escapeXml } from '@tombstone-lab/bench/svg';

/** What {@link htmlPage} lays out. */
export interface HtmlPageContent {
  readonly title: string;
  /** Paragraphs under the title (plain text). */
  readonly intro: readonly string[];
  /** SVG documents, inlined in order. */
  readonly figures: readonly string[];
  /** Preformatted text after the figures (a results table, a report). */
  readonly text?: string;
}

const PAGE_CSS = [
  ':root{color-scheme:light dark}',
  // The body is as wide as the window allows up to 1200 px and the figures keep 820 px: a case's text table is
  // ~150 characters wide and was cut off (`kept`, `reads checked`) inside an 820 px column at a 1280 px window.
  'body{font-family:sans-serif;margin:24px auto;max-width:1200px;padding:0 16px;background:#ffffff;color:#1a1a1a}',
  'figure{margin:20px 0;max-width:820px}figure svg{max-width:100%;height:auto;border:1px solid #d0d0d0;border-radius:4px}',
  'pre{overflow-x:auto;padding:12px;border:1px solid #d0d0d0;border-radius:4px}',
  '@media (prefers-color-scheme: dark){body{background:#121214;color:#e6e6e6}figure svg,pre{border-color:#3a3a40}}',
].join('');

/**
 * The text's font size: 12 px, or smaller (down to 8 px) when its longest line would not fit the window, so a table
 * fits whole at 800 px instead of hiding its last columns behind a scroll bar (a monospace character is ~0.6 em; 16 px
 * body padding and 12 px pre padding each side, 2 px border).
 */
function preFontSize(text: string): string {
  const widest = Math.max(1, ...text.split('\n').map((line) => [...line].length));
  return `clamp(8px, calc((100vw - 64px) / ${(widest * 0.6).toFixed(1)}), 12px)`;
}

/**
 * One self-contained HTML page (no script, no network: the SVGs are inline, the style embedded) that follows the
 * reader's light or dark scheme.
 */
export function htmlPage(content: HtmlPageContent): string {
  const figures = content.figures.map((svg) => `<figure>\n${svg.replace(/\n$/, '')}\n</figure>`);
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeXml(content.title)}</title>`,
    `<style>${PAGE_CSS}</style>`,
    '</head>',
    '<body>',
    `<h1>${escapeXml(content.title)}</h1>`,
    ...content.intro.map((p) => `<p>${escapeXml(p)}</p>`),
    ...figures,
    ...(content.text
      ? [`<pre style="font-size:${preFontSize(content.text)}">${escapeXml(content.text)}</pre>`]
      : []),
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
