/**
 * Reads `tsc --pretty false` output: each diagnostic is `file(line,col): error TSnnnn: message`, continued by indented
 * lines when the message is a chain. TypeScript 7 has no JavaScript compiler API in its main export, so its own `tsc`
 * is the only stable way to type-check with it, and this text is its stable, documented output format.
 */

/** One error `tsc` located in a file; `file` as tsc printed it (relative to its working directory). */
export interface TscDiagnostic {
  file: string;
  line: number;
  column: number;
  code: number;
  message: string;
}

const LOCATED = /^(.+)\((\d+),(\d+)\): error TS(\d+): (.*)$/;

/** The located errors of `tsc --pretty false` output (warnings, summaries and unlocated errors are not included). */
export function parseTscOutput(text: string): TscDiagnostic[] {
  const out: TscDiagnostic[] = [];
  let last: TscDiagnostic | undefined;
  for (const raw of text.split(/\r?\n/)) {
    const m = LOCATED.exec(raw);
    if (m) {
      last = { file: m[1]!, line: Number(m[2]), column: Number(m[3]), code: Number(m[4]), message: m[5]! };
      out.push(last);
    } else if (last && /^\s+\S/.test(raw)) {
      last.message += `\n${raw.trim()}`;
    } else {
      last = undefined;
    }
  }
  return out;
}
