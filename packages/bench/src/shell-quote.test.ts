import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shellQuote, shellQuoteArg } from './shell-quote.js';

describe('shellQuote', () => {
  it('leaves safe words bare and quotes the rest', () => {
    expect(shellQuoteArg('--param')).toBe('--param');
    expect(shellQuoteArg('size=10')).toBe('size=10');
    expect(shellQuoteArg('../bench/dist/cli.js')).toBe('../bench/dist/cli.js');
    expect(shellQuoteArg('')).toBe("''");
    expect(shellQuoteArg('two words')).toBe("'two words'");
    expect(shellQuoteArg('$(pwd)/x')).toBe("'$(pwd)/x'");
    expect(shellQuoteArg('~/x')).toBe("'~/x'");
    expect(shellQuoteArg('--out=~/x')).toBe("'--out=~/x'");
    expect(shellQuoteArg('HEAD~1')).toBe('HEAD~1');
    expect(shellQuoteArg('*.bench.ts')).toBe("'*.bench.ts'");
    expect(shellQuoteArg('"double"')).toBe(`'"double"'`);
    expect(shellQuoteArg("it's")).toBe(`'it'\\''s'`);
  });

  it('joins a command line', () => {
    expect(shellQuote(['node', 'cli.js', 'run', '--filter', 'copy only', "O'Brien"])).toBe(
      `node cli.js run --filter 'copy only' 'O'\\''Brien'`,
    );
  });

  it('a POSIX shell splits the quoted line back into exactly the original words', () => {
    // The shell only prints its arguments (printf), so the property test runs nothing the words could name.
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme-ascii' }), { minLength: 1, maxLength: 5 }), (argv) => {
        const words = argv.map((a) => a.replace(/\0/g, ''));
        const out = execFileSync('sh', ['-c', `printf '%s\\0' ${shellQuote(words)}`], { encoding: 'utf8' });
        expect(out.split('\0').slice(0, -1)).toEqual(words);
      }),
      { numRuns: 40 },
    );
  });
});
