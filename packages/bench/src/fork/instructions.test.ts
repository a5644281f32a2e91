import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempProject } from '../test-helpers.js';
import { compileBench, kitScript, workerScript } from './compile.js';
import { instructionCounter, parseCallgrindTotal, valgrindAvailable } from './instructions.js';

describe('callgrind instruction counts', () => {
  it('parses the summary line of a callgrind file', () => {
    expect(parseCallgrindTotal('events: Ir\nsummary: 510472548\ntotals: 510472548\n')).toBe(510472548);
    expect(parseCallgrindTotal('events: Ir\n')).toBeNull();
  });

  it.skipIf(!valgrindAvailable())(
    'counts per-op instructions as the difference of two op counts',
    async () => {
      const dir = tempProject({
        'loop.bench.ts': `import { defineSuite } from '@tombstone-lab/bench';
export default defineSuite({ name: 'L', setup: () => ({ n: 2000 }),
  benchmarks: { loop: (s) => { let t = 0; for (let i = 0; i < s.n; i++) t = (t * 31 + i) | 0; return t; } } });
`,
      });
      const cacheDir = join(tmpdir(), 'tombstone-bench-test-cache');
      const bundle = await compileBench(join(dir, 'loop.bench.ts'), cacheDir, 'shared');
      const count = instructionCounter({
        worker: await workerScript(cacheDir),
        kit: await kitScript(cacheDir),
        cacheDir,
        timeoutMs: 120_000,
      });
      // nsPerOp sized so each valgrind run does the minimum 1,000 ops.
      const perOp = (await count({ bundle, benchmark: 'loop', params: {}, nsPerOp: 1e9 })).instructionsPerOp;
      // 2,000 iterations of a multiply-add loop: at least one instruction each, far fewer than 50 each.
      expect(perOp).not.toBeNull();
      expect(perOp as number).toBeGreaterThan(2000);
      expect(perOp as number).toBeLessThan(100_000);
    },
    90_000,
  );
});
