import { describe, expect, it } from 'vitest';
import { BenchCompileError, BenchTypeError } from '../errors.js';
import { diagnosticsHeadline, diagnosticText, errorDiagnostics } from './error-diagnostics.js';

describe('errorDiagnostics', () => {
  it('reads every error of a BenchTypeError, TS1xxx as syntax errors, continuation lines kept', () => {
    const e = new BenchTypeError(
      [
        "bench/a.bench.ts:3:7 - error TS1005: ')' expected.",
        "bench/a.bench.ts:9:1 - error TS2322: Type 'string' is not assignable to type 'number'.",
        '  The expected type comes from here.',
      ].join('\n'),
    );
    const list = errorDiagnostics({ errorName: e.name, message: e.message });
    expect(list).toMatchObject([
      {
        file: 'bench/a.bench.ts',
        line: 3,
        column: 7,
        code: 'TS1005',
        kind: 'syntax',
        message: "')' expected.",
      },
      { line: 9, column: 1, kind: 'type', message: expect.stringContaining('\n  The expected type') },
    ]);
    expect(diagnosticsHeadline(list)).toBe('1 syntax error and 1 type error');
    expect(diagnosticText(list[0]!)).toBe("bench/a.bench.ts:3:7 ')' expected.");
  });

  it("reads a BenchCompileError's first error; other errors have none", () => {
    const e = new BenchCompileError(
      '/p/x.bench.mjs',
      '✘ [ERROR] Unexpected "}"',
      '/p/x.bench.mjs:4:2: Unexpected "}"',
    );
    expect(errorDiagnostics({ errorName: e.name, message: e.message })).toEqual([
      { file: '/p/x.bench.mjs', line: 4, column: 2, code: null, message: 'Unexpected "}"', kind: 'syntax' },
    ]);
    expect(errorDiagnostics({ errorName: 'UsageError', message: 'x:1:1 - error TS1: y' })).toEqual([]);
  });
});
