/**
 * Finds a suite's name and its benchmarks' source positions without executing or type-checking the file.
 * Hand-written scanner (not TypeScript's parser) because `list` must be fast and dependency-free; it understands
 * comments, strings and template literals (with nested `${}`), which is all a `benchmarks: { … }` literal needs.
 */

/** Source position (1-based line and column) of a benchmark definition. */
export interface BenchmarkLocation {
  name: string;
  line: number;
  column: number;
}

/** What {@link locateBenchmarks} found in one file. */
export interface LocatedSuite {
  suite: string | null;
  benchmarks: BenchmarkLocation[];
}

interface Token {
  kind: 'ident' | 'string' | 'punct';
  value: string;
  index: number;
  depth: number;
}

function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  // Each entry says what a closing `}` returns to: a plain block or the rest of a template literal.
  const stack: Array<'brace' | 'template'> = [];
  let i = 0;
  const scanTemplate = (): void => {
    // i is just past '`' or past the '}' closing a `${`.
    while (i < src.length) {
      const ch = src[i];
      if (ch === '\\') i += 2;
      else if (ch === '`') {
        i++;
        return;
      } else if (ch === '$' && src[i + 1] === '{') {
        stack.push('template');
        i += 2;
        return;
      } else i++;
    }
  };
  while (i < src.length) {
    const ch = src[i] as string;
    if (ch === '/' && src[i + 1] === '/') {
      while (i < src.length && src[i] !== '\n') i++;
    } else if (ch === '/' && src[i + 1] === '*') {
      const end = src.indexOf('*/', i + 2);
      i = end < 0 ? src.length : end + 2;
    } else if (ch === '"' || ch === "'") {
      const start = i++;
      let value = '';
      while (i < src.length && src[i] !== ch && src[i] !== '\n') {
        if (src[i] === '\\') {
          value += src[i + 1] ?? '';
          i += 2;
        } else value += src[i++];
      }
      i++;
      tokens.push({ kind: 'string', value, index: start, depth: stack.length });
    } else if (ch === '`') {
      tokens.push({ kind: 'string', value: '', index: i, depth: stack.length });
      i++;
      scanTemplate();
    } else if (/[A-Za-z_$]/.test(ch)) {
      const start = i;
      while (i < src.length && /[\w$]/.test(src[i] as string)) i++;
      tokens.push({ kind: 'ident', value: src.slice(start, i), index: start, depth: stack.length });
    } else if (ch === '{') {
      tokens.push({ kind: 'punct', value: ch, index: i, depth: stack.length });
      stack.push('brace');
      i++;
    } else if (ch === '}') {
      const top = stack.pop();
      i++;
      if (top === 'template') scanTemplate();
      else tokens.push({ kind: 'punct', value: ch, index: i - 1, depth: stack.length });
    } else if (/\s/.test(ch)) {
      i++;
    } else {
      tokens.push({ kind: 'punct', value: ch, index: i, depth: stack.length });
      i++;
    }
  }
  return tokens;
}

function position(src: string, index: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < index; i++) {
    if (src[i] === '\n') {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: index - lineStart + 1 };
}

/** Locates the suite name and the keys of the `benchmarks: { … }` object of a `defineSuite({ … })` call. */
export function locateBenchmarks(src: string): LocatedSuite {
  const tokens = tokenize(src);
  const call = tokens.findIndex(
    (t, k) => t.kind === 'ident' && t.value === 'defineSuite' && tokens[k + 1]?.value === '(',
  );
  const open = call >= 0 ? tokens.findIndex((t, k) => k > call && t.value === '{') : -1;
  if (open < 0) return { suite: null, benchmarks: [] };
  const bodyDepth = (tokens[open] as Token).depth + 1;
  let suite: string | null = null;
  const benchmarks: BenchmarkLocation[] = [];
  for (let k = open + 1; k < tokens.length; k++) {
    const t = tokens[k] as Token;
    if (t.depth < bodyDepth) break;
    if (t.depth !== bodyDepth || !isKeyStart(tokens, k)) continue;
    if (t.value === 'name' && tokens[k + 1]?.value === ':' && tokens[k + 2]?.kind === 'string') {
      suite = (tokens[k + 2] as Token).value;
    }
    if (t.value === 'benchmarks' && tokens[k + 1]?.value === ':' && tokens[k + 2]?.value === '{') {
      const inner = bodyDepth + 1;
      for (let j = k + 3; j < tokens.length; j++) {
        const b = tokens[j] as Token;
        if (b.depth < inner) break;
        if (b.depth !== inner || !isKeyStart(tokens, j)) continue;
        let nameTok = b;
        let next = j + 1;
        if (b.kind === 'ident' && b.value === 'async' && tokens[next]?.kind === 'ident') {
          nameTok = tokens[next] as Token;
          next++;
        }
        if (
          (nameTok.kind === 'ident' || nameTok.kind === 'string') &&
          [':', '('].includes(tokens[next]?.value ?? '')
        ) {
          benchmarks.push({ name: nameTok.value, ...position(src, nameTok.index) });
        }
      }
    }
  }
  return { suite, benchmarks };
}

function isKeyStart(tokens: Token[], k: number): boolean {
  const prev = tokens[k - 1]?.value;
  return prev === '{' || prev === ',';
}
