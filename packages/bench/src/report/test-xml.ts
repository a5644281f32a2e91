/**
 * Test-only: a tiny XML well-formedness checker for the SVG tests (tags nest and close, attributes are quoted
 * and unique, entities are known). Not a parser for general XML: no DTDs, CDATA or processing instructions.
 */

/** An element found while checking: its name and attributes. */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
}

const ENTITY = /&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/y;

function checkText(text: string, where: number): void {
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '<') throw new Error(`stray "<" at ${where + i}`);
    if (text[i] === '&') {
      ENTITY.lastIndex = i;
      if (!ENTITY.test(text)) throw new Error(`bad entity at ${where + i}: ${text.slice(i, i + 10)}`);
    }
  }
}

/** Checks well-formedness; returns every element in document order. Throws with the position on error. */
export function checkXml(xml: string): XmlElement[] {
  const elements: XmlElement[] = [];
  const stack: string[] = [];
  let i = 0;
  let roots = 0;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const chunk = lt === -1 ? xml.slice(i) : xml.slice(i, lt);
    checkText(chunk, i);
    if (stack.length === 0 && chunk.trim() !== '') throw new Error(`text outside the root at ${i}`);
    if (lt === -1) break;
    const gt = xml.indexOf('>', lt);
    if (gt === -1) throw new Error(`unterminated tag at ${lt}`);
    const tag = xml.slice(lt + 1, gt);
    if (tag.startsWith('/')) {
      const name = tag.slice(1).trim();
      const open = stack.pop();
      if (open !== name) throw new Error(`</${name}> closes <${open ?? 'nothing'}> at ${lt}`);
    } else {
      const selfClosing = tag.endsWith('/');
      const body = selfClosing ? tag.slice(0, -1) : tag;
      const m = /^([A-Za-z_][\w:.-]*)/.exec(body);
      if (!m) throw new Error(`bad tag name at ${lt}`);
      const name = m[1]!;
      const attrs: Record<string, string> = {};
      let rest = body.slice(name.length);
      const attr = /^\s+([A-Za-z_][\w:.-]*)="([^"<]*)"/;
      for (let a = attr.exec(rest); a; a = attr.exec(rest)) {
        if (a[1]! in attrs) throw new Error(`duplicate attribute ${a[1]} on <${name}>`);
        checkText(a[2]!, lt);
        attrs[a[1]!] = a[2]!;
        rest = rest.slice(a[0].length);
      }
      if (rest.trim() !== '')
        throw new Error(`malformed attributes on <${name}>: ${rest.trim().slice(0, 20)}`);
      if (stack.length === 0) roots++;
      if (roots > 1) throw new Error('more than one root element');
      elements.push({ name, attrs });
      if (!selfClosing) stack.push(name);
    }
    i = gt + 1;
  }
  if (stack.length) throw new Error(`unclosed <${stack.join('>, <')}>`);
  if (roots !== 1) throw new Error('no root element');
  return elements;
}
