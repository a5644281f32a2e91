import { describe, expect, it } from 'vitest';
import { analyseRun } from '../analyse/analyse-run.js';
import type { OutputOptions } from '../analyse/run-analyses.js';
import type { CliValues } from '../cli/cli-options.js';
import { printReport } from '../cli/report-output.js';
import { gateExitCode } from '../finish/finish-run.js';
import { jitter, makeRecord, makeRun } from '../stats/test-fixtures.js';
import { render } from './output.js';

// An allocation-free op next to an allocating one: under bytesPerOp only the first cannot be fitted.
const run = makeRun(
  [10, 100, 1000].flatMap((size, i) => [
    makeRecord({
      params: { size },
      baseline: jitter(size, 5, 0.1, i + 1),
      candidate: jitter(size, 5, 0.1, i + 9),
    }),
    makeRecord({
      benchmark: 'free',
      params: { size },
      baseline: [0, 0, 0, 0, 0],
      candidate: [0, 0, 0, 0, 0],
    }),
  ]),
  { metric: 'bytesPerOp', samplesPerSide: 5 },
);

describe('reports with a group that cannot be fitted', () => {
  it('prints the other fits and a "not fittable" line naming benchmark and side, in every text format', () => {
    const input = analyseRun(run, { growth: 'size' });
    const terminal = render(input, 'terminal');
    expect(terminal).toMatch(/Growth:\n {2}.*benchCopyOnly/);
    expect(terminal).toContain(
      'growth RangeTombstoneListBench.free: not fittable: baseline side has bytesPerOp values ≤ 0',
    );
    expect(render(input, 'markdown')).toMatch(
      /### Not fittable\n\n- growth RangeTombstoneListBench\.free: not fittable/,
    );
    const json = JSON.parse(render(input, 'json')) as {
      analysis: { notFittable: unknown[]; growth: unknown[] };
    };
    expect(json.analysis.growth).toHaveLength(1);
    expect(json.analysis.notFittable).toHaveLength(1);
  });

  it('--growth over a single level says it is not fittable and why, instead of printing nothing', () => {
    const one = makeRun([
      makeRecord({ params: { size: 1000 }, baseline: jitter(9, 5, 0.1, 1), candidate: jitter(9, 5, 0.1, 2) }),
    ]);
    const two = makeRun(
      [10, 1000].map((size, i) =>
        makeRecord({
          params: { size },
          baseline: jitter(size, 5, 0.1, i + 1),
          candidate: jitter(size, 5, 0.1, i + 3),
        }),
      ),
    );
    expect(render(analyseRun(two, { growth: 'size' }), 'terminal')).toMatch(
      /over size \(10, 1000\): O\(N\^.*; only 2 levels of size, better 3\n/,
    );
    const terminal = render(analyseRun(one, { growth: 'size' }), 'terminal');
    expect(terminal).toContain(
      'Not fittable:\n  growth RangeTombstoneListBench.benchCopyOnly: not fittable: only 1 level of size (size=1000): ' +
        'a growth exponent needs at least 2 levels of size, better 3 (--param size=…)',
    );
  });

  it('keeps the exit code the run has without the analysis', () => {
    const out: string[] = [];
    const io = { stdout: (t: string) => void out.push(t), stderr: () => {}, cwd: '/tmp', isTTY: false };
    const values = {} as CliValues;
    const exit = (output: OutputOptions) => {
      const analysed = analyseRun(run, output);
      printReport(io, values, analysed, 'r.json');
      return gateExitCode(run, analysed, true, true);
    };
    const plain = exit({});
    const withGrowth = exit({ growth: 'size' });
    const withFactorial = exit({ factorial: 'size' });
    expect(withGrowth).toBe(plain);
    expect(withFactorial).toBe(plain);
    expect(out.join('')).toContain('factorial RangeTombstoneListBench.free: not fittable');
  });
});
