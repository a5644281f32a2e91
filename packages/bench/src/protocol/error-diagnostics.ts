/**
 * The located errors inside an `error` event's message, for an editor's Problems panel: every error of a
 * `BenchTypeError` (one `file:line:column - error TSnnnn: text` line each, as `typecheckBenchFiles` writes them) and
 * the first error of a `BenchCompileError` (the `file:line:column: text` its message opens with). The format and
 * its reader live together here, so a client never parses the runner's text itself.
 */

/** One located error; `file` as the runner wrote it (relative to its working directory, or absolute). */
export interface BenchDiagnostic {
  file: string;
  /** 1-based, as editors and the runner print them. */
  line: number;
  column: number;
  message: string;
  /** `TS1005`, or null for esbuild's errors. */
  code: string | null;
  /** TypeScript's syntactic diagnostics (TS1xxx) and esbuild's parse errors are syntax errors. */
  kind: 'syntax' | 'type' | 'compile';
}

const TYPE_LINE = /^(.+?):(\d+):(\d+) - error (TS(\d+)): (.*)$/;
const COMPILE_HEAD = /^bench file .+ does not compile: (.+?):(\d+):(\d+): (.*):$/;

function typeDiagnostics(message: string): BenchDiagnostic[] {
  const out: BenchDiagnostic[] = [];
  for (const line of message.split('\n').slice(1)) {
    const m = TYPE_LINE.exec(line);
    if (m) {
      const kind = Number(m[5]) < 2000 ? 'syntax' : 'type';
      out.push({ file: m[1]!, line: Number(m[2]), column: Number(m[3]), code: m[4]!, message: m[6]!, kind });
    } else if (out.length > 0 && line.trim()) out[out.length - 1]!.message += `\n${line}`;
  }
  return out;
}

/** The located errors of an error event (`errorName`, `message`); empty for other errors. */
export function errorDiagnostics(e: { errorName: string; message: string }): BenchDiagnostic[] {
  if (e.errorName === 'BenchTypeError') return typeDiagnostics(e.message);
  if (e.errorName !== 'BenchCompileError') return [];
  const m = COMPILE_HEAD.exec(e.message.split('\n')[0] ?? '');
  if (!m) return [];
  const message = m[4]!;
  const kind = /^Could not resolve/.test(message) ? 'compile' : 'syntax';
  return [{ file: m[1]!, line: Number(m[2]), column: Number(m[3]), code: null, message, kind }];
}

/** `syntax error`, `2 type errors`, `1 syntax error and 1 type error`: what a list of located errors is. */
export function diagnosticsHeadline(list: readonly BenchDiagnostic[]): string {
  const count = (kind: BenchDiagnostic['kind'], word: string) => {
    const n = list.filter((d) => d.kind === kind).length;
    return n === 0 ? [] : [`${n} ${word} error${n === 1 ? '' : 's'}`];
  };
  const parts = [...count('syntax', 'syntax'), ...count('type', 'type'), ...count('compile', 'compile')];
  return parts.join(' and ');
}

/** `list-ops.bench.ts:12:5 ')' expected.`: one located error as a one-line display (file as given). */
export function diagnosticText(d: BenchDiagnostic): string {
  return `${d.file}:${d.line}:${d.column} ${d.message.split('\n')[0] ?? ''}`;
}
