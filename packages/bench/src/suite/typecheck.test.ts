import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BenchTypeError } from '../errors.js';
import { runCli, tempProject } from '../test-helpers.js';
import { typecheckBenchFiles } from './typecheck.js';

const GOOD = `import { defineSuite } from '@tombstone-lab/bench';
export default defineSuite({ name: 'Ok', setup: () => ({ n: 3 }), benchmarks: { f: (s) => s.n * 2 } });
`;
const BAD = `import { defineSuite } from '@tombstone-lab/bench';
export default defineSuite({
  name: 'Typo',
  setup: () => ({ n: 3 }),
  benchmarks: { f: (s) => s.count * 2 },
});
`;

describe('typecheckBenchFiles', () => {
  it('passes a well-typed suite (the runner resolves @tombstone-lab/bench itself)', () => {
    const dir = tempProject({ 'ok.bench.ts': GOOD });
    expect(() => typecheckBenchFiles([join(dir, 'ok.bench.ts')], dir)).not.toThrow();
  });

  it('reports a type error with file:line:column', () => {
    const dir = tempProject({ 'typo.bench.ts': BAD });
    let err: unknown;
    try {
      typecheckBenchFiles([join(dir, 'typo.bench.ts')], dir);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(BenchTypeError);
    expect((err as Error).message).toMatch(
      /^typo\.bench\.ts:5:29 - error TS2339: Property 'count' does not exist on type '\{ n: number; \}'\./m,
    );
  });
});

describe('run: type errors stop the run, --no-typecheck measures anyway', () => {
  it('exit 2 naming file:line, nothing measured; --no-typecheck runs it', async () => {
    const dir = tempProject({ 'typo.bench.ts': BAD });
    const r = await runCli(['aa', 'typo.bench.ts', '-n', '1', '--sample-ms', '5', '--warmup-ms', '5'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/typo\.bench\.ts:5:29 - error TS2339/);
    expect(r.stderr).toContain('--no-typecheck');
    const off = await runCli(
      [
        'aa',
        'typo.bench.ts',
        '-n',
        '2',
        '--sample-ms',
        '5',
        '--warmup-ms',
        '5',
        '--no-typecheck',
        '--out',
        'r.json',
      ],
      dir,
    );
    expect(off.stderr).not.toMatch(/error TS/);
    expect(off.stdout).toContain('Typo.f');
  }, 60_000);
});
