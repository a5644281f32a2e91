import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyseFiles } from '../analyse/compare-files.js';
import { parseRunReport } from '../protocol/parse.js';
import { PROTOCOL_VERSION } from '../protocol/version.js';
import { writeRunAtomic } from '../results/results-store.js';
import { analyzeRun } from '../stats/analyze-run.js';
import { compareFiles } from '../stats/compare-files.js';
import { makeRecord, makeRun } from '../stats/test-fixtures.js';
import { runCli, tempProject } from '../test-helpers.js';
import { renderFileComparison } from './compare-files-command.js';

const base = [100, 104, 99, 103, 98, 102, 100.5, 97, 101.5, 99.5];
const shifted = (f: number) => base.map((x) => x * f);
// Each file's candidate side is its code; the baseline side is something else and must be ignored.
const old = makeRun([
  makeRecord({ benchmark: 'slower', baseline: shifted(9), candidate: base }),
  makeRecord({ benchmark: 'same', baseline: shifted(9), candidate: base }),
  makeRecord({ benchmark: 'gone', baseline: base, candidate: base }),
]);
const next = makeRun([
  makeRecord({ benchmark: 'slower', baseline: shifted(9), candidate: shifted(1.5) }),
  makeRecord({ benchmark: 'same', baseline: shifted(9), candidate: [...base].reverse() }),
  makeRecord({ benchmark: 'added', baseline: base, candidate: base }),
]);

describe('compareFiles', () => {
  const rule = { metric: 'nsPerOp', alpha: 0.05, threshold: 0.02, correction: 'holm' } as const;

  it('compares the candidate sides of two saved runs, Holm across the common benchmarks', () => {
    const c = compareFiles(old, next, rule);
    expect(c.side).toBe('candidate');
    const [slower, same] = c.rows;
    expect(slower).toMatchObject({ key: 'RangeTombstoneListBench.slower', outcome: 'Lost' });
    expect(slower!.stats.deltaPercent).toBeCloseTo(50, 6);
    expect(slower!.pAdjusted).toBeCloseTo(slower!.stats.p * 2, 12);
    // ±4% fork noise: no change found, but its interval reaches past ±2%, so Unchanged is not shown.
    expect(same).toMatchObject({
      key: 'RangeTombstoneListBench.same',
      outcome: 'Inconclusive',
      basis: { statisticalOutcome: 'Unchanged', failedChecks: [] },
    });
    expect(c.onlyOld).toEqual(['RangeTombstoneListBench.gone']);
    expect(c.onlyNew).toEqual(['RangeTombstoneListBench.added']);
  });

  it('4 vs 3 samples cannot reach alpha 0.05: Inconclusive, as `run` says, not Unchanged', () => {
    const few = (xs: number[]) => makeRun([makeRecord({ benchmark: 'few', baseline: xs, candidate: xs })]);
    const c = compareFiles(few([100, 101, 99, 100.5]), few([150, 151, 149]), rule);
    expect(c.rows[0]).toMatchObject({
      outcome: 'Inconclusive',
      basis: { statisticalOutcome: 'Unchanged', failedChecks: ['sample_sufficiency'] },
    });
    const run = analyzeRun(
      makeRun([
        makeRecord({ benchmark: 'few', baseline: [100, 101, 99, 100.5], candidate: [150, 151, 149] }),
      ]),
    );
    expect(run.verdicts[0]!.outcome).toBe(c.rows[0]!.outcome);
  });

  it('--side baseline compares the baseline sides instead (here: identical, so no change found)', () => {
    const rows = compareFiles(old, next, { ...rule, side: 'baseline' }).rows;
    expect(rows.map((r) => r.basis.statisticalOutcome)).toEqual(['Unchanged', 'Unchanged']);
    // Identical samples with ±4% noise: an interval about ±3% wide does not show them within ±2%.
    expect(rows.map((r) => r.outcome)).toEqual(['Inconclusive', 'Inconclusive']);
  });
});

describe('tombstone-bench compare-files', () => {
  it('prints the benchstat-style table, says it is not co-measured, exits 0', async () => {
    const dir = tempProject({});
    writeRunAtomic(join(dir, 'old.json'), old);
    writeRunAtomic(join(dir, 'new.json'), next);
    const r = await runCli(['compare-files', 'old.json', 'new.json'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^RangeTombstoneListBench\.slower +ns\/op +100\.25 ns +150\.38 ns +\+50% +10\/10 .* Lost$/m,
    );
    expect(r.stdout).toContain('Not co-measured');
    expect(r.stdout).toContain('only in old: RangeTombstoneListBench.gone');
    const usage = await runCli(['compare-files', 'old.json'], dir);
    expect(usage.code).toBe(2);
    writeRunAtomic(
      join(dir, 'other.json'),
      makeRun([makeRecord({ benchmark: 'x', baseline: base, candidate: base })]),
    );
    const disjoint = await runCli(['compare-files', 'old.json', 'other.json'], dir);
    expect(disjoint.stderr).toMatch(
      /no benchmark in common \(old: RangeTombstoneListBench\.slower, RangeTombstoneListBench\.same, RangeTombstoneListBench\.gone; new: RangeTombstoneListBench\.x\)/,
    );
    const side = await runCli(['compare-files', 'old.json', 'new.json', '--side', 'left'], dir);
    expect(side.stderr).toMatch(/unknown --side "left"/);
  });

  it("--json prints the RunReport (the protocol's schema and version), the same verdicts the table shows", async () => {
    const dir = tempProject({});
    writeRunAtomic(join(dir, 'old.json'), old);
    writeRunAtomic(join(dir, 'new.json'), next);
    const r = await runCli(['compare-files', 'old.json', 'new.json', '--json'], dir);
    expect(r.code).toBe(0);
    const report = parseRunReport(r.stdout);
    expect(report.protocol).toBe(PROTOCOL_VERSION);
    expect(report.comparison).toEqual({
      kind: 'files',
      old: { file: 'old.json', runId: old.runId },
      new: { file: 'new.json', runId: next.runId },
      side: 'candidate',
      onlyOld: ['RangeTombstoneListBench.gone'],
      onlyNew: ['RangeTombstoneListBench.added'],
    });
    expect(report.verdicts.map((v) => [v.key, v.outcome])).toEqual([
      ['RangeTombstoneListBench.slower', 'Lost'],
      ['RangeTombstoneListBench.same', 'Inconclusive'],
    ]);
    expect(report.verdicts[0]!.checks.map((c) => c.name)).toEqual([
      'measurements_sane',
      'sample_sufficiency',
    ]);
    expect(report.summary).toMatchObject({ benchmarks: 2, outcomes: { Lost: 1, Inconclusive: 1 } });
    expect(report.summary.checks.map((c) => [c.name, c.passed])).toEqual([
      ['measurements_sane', true],
      ['sample_sufficiency', true],
    ]);
    expect(report.benchmarks[0]!.sides.candidate.samples).toBe(10);
    const direct = analyseFiles({ file: 'old.json', run: old }, { file: 'new.json', run: next });
    expect(report).toEqual(direct);
    const table = await runCli(['compare-files', 'old.json', 'new.json'], dir);
    expect(table.stdout).toBe(`${renderFileComparison(direct)}\n`);
  });

  it('the report of an A/A pair pools both sides of each file (side both: 20 forks a side)', () => {
    const aa = makeRun(
      [makeRecord({ benchmark: 'f', baseline: base, candidate: base })],
      {},
      { kind: 'aa', label: 'A/A' },
    );
    const report = analyseFiles({ file: 'a.json', run: aa }, { file: 'b.json', run: aa });
    expect(report.comparison.side).toBe('both');
    expect(report.benchmarks[0]!.sides).toMatchObject({
      baseline: { samples: 20 },
      candidate: { samples: 20 },
    });
    expect(report.verdicts[0]!.stats!.baseline.n).toBe(20);
  });
});

describe('compare-files never pools two implementations', () => {
  const rule = { metric: 'nsPerOp', alpha: 0.05, threshold: 0.02, correction: 'holm' } as const;
  const fast = [41, 42, 40, 41.5, 40.5, 41, 42.5, 39.5, 41, 40];
  const slow = fast.map((x) => x * 4.6);
  const factorRun = () => makeRun([makeRecord({ benchmark: 'f', baseline: slow, candidate: fast })]);

  it('--side both on a run of two implementations: usage error naming them, exit 2', async () => {
    expect(() => compareFiles(factorRun(), factorRun(), { ...rule, side: 'both' })).toThrow(
      /--side both would pool two different implementations \(impl=eager vs impl=cow\)/,
    );
    const dir = tempProject({});
    writeRunAtomic(join(dir, 'a.json'), factorRun());
    writeRunAtomic(join(dir, 'b.json'), factorRun());
    const r = await runCli(['compare-files', 'a.json', 'b.json', '--side', 'both'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/pool two different implementations/);
    expect(r.stdout).toBe('');
  });

  it('an A/A run pools (same code on both sides); an A/A run with injected slowdown defaults to its candidate', () => {
    const aa = (slowdown?: number) =>
      makeRun(
        [makeRecord({ benchmark: 'f', baseline: fast, candidate: fast })],
        {},
        {
          kind: 'aa',
          label: 'A/A',
          ...(slowdown !== undefined ? { slowdown } : {}),
        },
      );
    expect(compareFiles(aa(), aa(), rule).side).toBe('both');
    expect(compareFiles(aa(), aa(), rule).rows[0]!.stats.baseline.n).toBe(20);
    expect(compareFiles(aa(0.1), aa(0.1), rule).side).toBe('candidate');
    expect(() => compareFiles(aa(0.1), aa(0.1), { ...rule, side: 'both' })).toThrow(/slowed down by 10%/);
  });
});
