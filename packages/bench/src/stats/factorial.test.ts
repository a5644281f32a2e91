import { describe, expect, it } from 'vitest';
import { StatsInputError } from './errors.js';
import { factorial2x2, factorialAnalysis, factorialFromRun } from './factorial.js';
import { aroundMedian, makeRecord, makeRun } from './test-fixtures.js';

// The seed-004 op/s medians: Before/After × cache enabled/disabled.
const cells: [[number[], number[]], [number[], number[]]] = [
  [aroundMedian(340201, 0.01), aroundMedian(344966, 0.01)],
  [aroundMedian(339252, 0.01), aroundMedian(366330, 0.01)],
];

describe('factorial2x2: the seed-004 table', () => {
  const r = factorial2x2({
    unit: 'op/s',
    code: { name: 'code', levels: ['Before', 'After'] },
    config: { name: 'cache', levels: ['cache enabled', 'cache disabled'] },
    cells,
  });

  it('cell medians', () => {
    expect(r.medians).toEqual([
      [340201, 344966],
      [339252, 366330],
    ]);
  });

  it('config effect per code row: +1.4%, +8.0%', () => {
    expect(r.configEffect.map((e) => e.percent.toFixed(1))).toEqual(['1.4', '8.0']);
  });

  it('code effect per config column: −0.3%, +6.2%', () => {
    expect(r.codeEffect.map((e) => e.percent.toFixed(1))).toEqual(['-0.3', '6.2']);
  });

  it('each effect carries the exact p between its two cells', () => {
    // 339,252 vs 340,201 (±1%) overlap; 344,966 vs 366,330 are completely separated.
    expect(r.codeEffect[0].p).toBeGreaterThan(0.05);
    expect(r.codeEffect[1].p).toBeCloseTo(1.0825088224469e-5, 15);
  });

  it('interaction: the code effect is 6.5% larger with the cache disabled', () => {
    expect(r.interactionPercent).toBeCloseTo((366330 / 344966 / (339252 / 340201) - 1) * 100, 10);
  });

  it('rejects an empty cell, naming it', () => {
    expect(() =>
      factorial2x2({
        ...r,
        cells: [
          [[], [1]],
          [[1], [1]],
        ],
      }),
    ).toThrow(/cells\[Before\]\[cache enabled\]/);
  });
});

describe('factorialFromRun', () => {
  const run = makeRun(
    [true, false].map((cache, i) =>
      makeRecord({
        params: { cache },
        baseline: cells[0][i]!,
        candidate: cells[1][i]!,
        labels: { baseline: 'Before', candidate: 'After' },
      }),
    ),
  );

  it('groups by the other parameters and orders levels as they appear', () => {
    const [t] = factorialFromRun(run, 'cache');
    expect(t!.key).toBe('RangeTombstoneListBench.benchCopyOnly');
    expect(t!.config.levels).toEqual(['cache=true', 'cache=false']);
    expect(t!.code.levels).toEqual(['Before', 'After']);
    expect(t!.medians[1]).toEqual([339252, 366330]);
  });

  it('rejects a parameter with other than two levels', () => {
    const three = makeRun(
      [1, 2, 3].map((v) => makeRecord({ params: { k: v }, baseline: [1], candidate: [1] })),
    );
    expect(() => factorialFromRun(three, 'k')).toThrow(StatsInputError);
    expect(() => factorialFromRun(run, 'nope')).toThrow(/no benchmark has a parameter named "nope"/);
  });
});

describe('factorialAnalysis: per-group tables', () => {
  const ok = [true, false].map((cache, i) =>
    makeRecord({ params: { cache }, baseline: cells[0][i]!, candidate: cells[1][i]! }),
  );

  it('lists a group with values ≤ 0 or a bad shape as not fittable and still builds the other tables', () => {
    const free = [true, false].map((cache) =>
      makeRecord({ benchmark: 'free', params: { cache }, baseline: [3, 4], candidate: [0, 0] }),
    );
    const lonely = makeRecord({
      benchmark: 'lonely',
      params: { cache: true },
      baseline: [1],
      candidate: [1],
    });
    const { tables, notFittable } = factorialAnalysis(
      makeRun([...ok, ...free, lonely]),
      'cache',
      'bytesPerOp',
    );
    expect(tables.map((t) => t.key)).toEqual(['RangeTombstoneListBench.benchCopyOnly']);
    expect(notFittable.map((n) => [n.key, n.side])).toEqual([
      ['RangeTombstoneListBench.free', 'candidate'],
      ['RangeTombstoneListBench.lonely', null],
    ]);
    expect(notFittable[0]?.reason).toMatch(/candidate side has bytesPerOp values ≤ 0 .* at cache=true/);
    expect(notFittable[1]?.reason).toMatch(/needs exactly two benchmarks/);
  });
});
