import * as runner from '@tombstone-lab/bench/runner';
import { describe, expect, it, vi } from 'vitest';
import { rangeMergesReport, renderRangeMergesReport } from './range-merges-case.js';
import { RANGE_MERGES_CHECK, rangeMergesRuns } from './test-runs.js';

// Counts bench's analyse stage: the case must read each run's one RunReport, never analyse its record again.
vi.mock('@tombstone-lab/bench/runner', async (importOriginal) => {
  const original = await importOriginal<typeof runner>();
  return { ...original, analyseRun: vi.fn(original.analyseRun) };
});

describe('range-merges reads one RunReport per run', () => {
  it('builds its report from the runs’ RunReports without a second analysis (no refit on allocated bytes)', () => {
    const runs = rangeMergesRuns();
    const analyse = vi.mocked(runner.analyseRun);
    expect(analyse).toHaveBeenCalledTimes(2); // once per run, as the engine does at run-finished
    analyse.mockClear();
    const r = rangeMergesReport(RANGE_MERGES_CHECK, runs);
    renderRangeMergesReport(r);
    expect(analyse).not.toHaveBeenCalled();
    // The growth shown is the RunReport's own fit, value for value.
    const fitted = runs.flatMap((run) => run.report.growth.map((g) => g.baseline.exponent));
    for (const g of r.growth.filter((x) => x.store === 'eager')) expect(fitted).toContain(g.exponent);
    expect(r.growth.every((g) => g.metric === runs[0]!.report.config.metric)).toBe(true);
    // Allocated bytes are still shown, as bench's per-side medians.
    const tail4096 = r.rows.find((x) => x.arrival === 'tail' && x.n === 4096)!;
    expect(tail4096.stores.eager?.bytesPerOp).toBe(4096 * 4096 * 8 + 2);
  });
});
