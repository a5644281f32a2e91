import { describe, expect, it } from 'vitest';
import { forkLogRatio, isPaired, pairedForks } from './paired.js';
import { makePairedRecord, makeRecord, makeRun } from './test-fixtures.js';
import { analysisConfigFromRun, comparePaired, verdictFor } from './verdict.js';

describe('paired forks', () => {
  it("a fork's log ratio is the median of its blocks' log ratios: one block hit by noise does not move it", () => {
    const r = makePairedRecord({
      forks: [{ baseline: [100, 100, 100, 100, 100], candidate: [110, 110, 110, 300, 110] }],
    });
    const [b, c] = r.samples;
    expect(forkLogRatio(b!, c!, 'cpuNsPerOp')).toBeCloseTo(Math.log(1.1), 12);
    // Bytes have no blocks: the two sides' values.
    expect(forkLogRatio({ ...b!, bytesPerOp: 10 }, { ...c!, bytesPerOp: 20 }, 'bytesPerOp')).toBeCloseTo(
      Math.log(2),
      12,
    );
  });

  it('joins the two samples of each fork; a record of one-side forks is not paired', () => {
    const r = makePairedRecord({
      forks: [
        { baseline: [100, 100], candidate: [120, 120] },
        { baseline: [200, 200], candidate: [220, 220] },
      ],
    });
    expect(isPaired(r)).toBe(true);
    const p = pairedForks(r, 'nsPerOp')!;
    expect(p.baseline).toEqual([100, 200]);
    expect(p.candidate).toEqual([120, 220]);
    expect(p.logRatios[1]).toBeCloseTo(Math.log(1.1), 12);
    expect(pairedForks(makeRecord({ baseline: [1, 2], candidate: [1, 2] }), 'nsPerOp')).toBeNull();
    // A fork whose partner is missing (a file cut between the two writes) is left out.
    expect(pairedForks({ samples: r.samples.slice(0, 3) }, 'nsPerOp')!.logRatios).toHaveLength(1);
  });

  it('the verdict tests the within-fork ratios: a +10% candidate on forks that differ 2× from each other is Lost', () => {
    // Fork levels 80…230: a spread that swamps 10% between forks, while inside each fork the candidate is 1.1×.
    const forks = Array.from({ length: 12 }, (_, i) => {
      const level = 80 + ((i * 37) % 150);
      // ±0.5% block noise, different in every block of every fork.
      const jitter = (k: number, side: number) =>
        1 + ((((i * 31 + k * 17 + side * 53) * 7919) % 101) / 100 - 0.5) / 100;
      const blocks = [0, 1, 2, 3, 4];
      return {
        baseline: blocks.map((k) => level * jitter(k, 0)),
        candidate: blocks.map((k) => level * 1.1 * jitter(k, 1)),
      };
    });
    const record = makePairedRecord({ forks });
    const run = { ...makeRun([record]), config: { ...makeRun([record]).config, design: 'paired' as const } };
    const v = verdictFor(record, analysisConfigFromRun(run));
    expect(v.stats!.design).toBe('paired');
    expect(v.stats!.p).toBeCloseTo(2 / 4096, 12);
    expect(v.stats!.deltaPercent).toBeCloseTo(10, 0);
    expect(v.basis.failedChecks).toEqual([]);
    expect(v.outcome).toBe('Lost');
    // The two-sample test on the same values sees only the fork spread.
    const unpaired = verdictFor(
      makeRecord({
        baseline: record.samples.filter((s) => s.side === 'baseline').map((s) => s.nsPerOp),
        candidate: record.samples.filter((s) => s.side === 'candidate').map((s) => s.nsPerOp),
      }),
      analysisConfigFromRun(run),
    );
    expect(unpaired.stats!.p).toBeGreaterThan(0.05);
    expect(comparePaired(pairedForks(record, 'nsPerOp')!).wPlus).toBe(78);
  });
});
