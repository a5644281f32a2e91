import { describe, expect, it } from 'vitest';
import { analyseRun } from '../analyse/analyse-run.js';
import { alignedTable, boxTable } from '../format/text-table.js';
import { SINGLE_VARIANT_LABEL } from '../model.js';
import { factorial2x2 } from '../stats/factorial.js';
import { aroundMedian, makeRecord, makeRun } from '../stats/test-fixtures.js';
import { renderMarkdownReport } from './markdown.js';
import { colourWanted, renderChecks, renderFactorialBox, renderTerminalReport } from './terminal.js';
import { seedRun } from './test-seed-run.js';

describe('seed-000 terminal report', () => {
  const run = seedRun();
  const text = renderTerminalReport(analyseRun(run));
  const lines = text.split('\n');

  it('has one row per benchmark in human units with the HL CI as spread and raw + Holm p', () => {
    const header = lines.find((l) => l.startsWith('Benchmark '))!;
    expect(header.split(/\s{2,}/)).toEqual([
      'Benchmark',
      'Metric',
      'Baseline',
      'Candidate',
      'Delta',
      'Δ CI (HL)',
      'Outcome',
      'n',
      'p',
      'p (Holm)',
    ]);
    const row = (name: string) =>
      lines
        .find((l) => l.startsWith(`${name} `))!
        .trim()
        .split(/\s{2,}/);
    const copyOnly = row('RangeTombstoneListBench.benchCopyOnly');
    expect(copyOnly.slice(0, 5)).toEqual([
      'RangeTombstoneListBench.benchCopyOnly',
      'ns/op',
      '3.3625 µs',
      '9.0185 ns',
      '-99.73%',
    ]);
    expect(copyOnly[5]).toMatch(/^\[-99\.\d+%, -99\.\d+%\]$/);
    // Four complete separations: raw 1.083e-05 each, Holm ×4 (all tied) = 4.33e-05.
    expect(copyOnly.slice(6)).toEqual(['Won', '10', '1.083e-05', '4.33e-05']);
    expect(row('RangeTombstoneListBench.benchCopyAndAdd').slice(2, 5)).toEqual([
      '8.8429 µs',
      '5.4856 µs',
      '-37.97%',
    ]);
    expect(row('RangeTombstoneListSize10Bench.benchCopyOnly').slice(2, 7)).toEqual([
      '56.714 ns',
      '9.0832 ns',
      '-83.98%',
      expect.stringMatching(/^\[-8\d\.\d+%, -8\d\.\d+%\]$/),
      'Held',
    ]);
  });

  it('aligns columns: every table line has the same width', () => {
    const start = lines.findIndex((l) => l.startsWith('Benchmark '));
    const table = lines.slice(start, start + 6);
    expect(new Set(table.map((l) => [...l].length)).size).toBe(1);
  });

  it('drops the adjusted-p column when the correction is off', () => {
    const plain = renderTerminalReport(analyseRun(run, { overrides: { correction: 'none' } }));
    const header = plain.split('\n').find((l) => l.startsWith('Benchmark '))!;
    expect(header).not.toContain('Holm');
    expect(header.trim().endsWith(' p')).toBe(true);
  });

  it('writes the seed sentences and the checks', () => {
    expect(text).toContain(
      '• Primary Won: RangeTombstoneListBench.benchCopyOnly: 3.3625 µs/op -> 9.0185 ns/op ' +
        '(Won, a 99.732% reduction, n=10, p=1.08251e-05)',
    );
    expect(text).toContain('(Held, a 37.966% reduction, n=10, p=1.08251e-05)');
    expect(text).toMatch(
      /benchCopyOnly: ratio 0\.002\d{3} \[0\.002\d{3}, 0\.002\d{3}\]; shift -3\.\d{1,4} µs \[-3\.\d{1,4} µs, -3\.\d{1,4} µs\] at /,
    );
    // No raw float (16 significant digits) in any verdict sentence.
    const sentences = text.split('\n').filter((l) => l.includes(' -> '));
    expect(sentences).toHaveLength(4);
    for (const l of sentences) expect(l).not.toMatch(/\d{7,}|\d\.\d{6,}/);
    expect(text).toContain('pairing ✓ (4/4 benchmarks)');
    expect(text).toContain('sample_independence ✓ (4/4 benchmarks)');
    expect(text).toContain('Baseline: HEAD~1 (061749b0)');
    expect(text).toContain('1 Won, 3 Held, 0 Unchanged, 0 Lost — gate: pass');
  });

  it('the Markdown report carries the same table', () => {
    const md = renderMarkdownReport(analyseRun(run));
    expect(md).toContain(
      '| RangeTombstoneListBench.benchCopyOnly | ns/op | 3.3625 µs | 9.0185 ns | -99.73% |',
    );
    expect(md).toContain('| --- | --- | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: |');
    expect(md).toContain('3.3625 µs/op -> 9.0185 ns/op');
    for (const l of md.split('\n').filter((x) => x.includes(' -> ') || x.startsWith('| Range')))
      expect(l).not.toMatch(/\d{7,}|\d\.\d{6,}/);
    expect(md).toContain('- ✓ `pairing` (4/4)');
  });
});

describe('sample sizes that cannot reach alpha', () => {
  it('warn under the gate line, stating the smallest n that can (terminal and Markdown)', () => {
    const run = makeRun([
      makeRecord({ benchmark: 'a', baseline: [1, 2, 3], candidate: [4, 5, 6] }),
      makeRecord({ benchmark: 'b', baseline: [1, 2, 3], candidate: [4, 5, 6] }),
    ]);
    const a = analyseRun(run);
    // The run could not have caught a regression: it must not pass, and no benchmark reads as Unchanged.
    expect(a.report.summary.gate).toBe('fail');
    expect(a.report.verdicts.map((v) => v.outcome)).toEqual(['Inconclusive', 'Inconclusive']);
    const warning =
      'warning: n=3 per side cannot reach alpha 0.05 with Holm across 2 benchmarks (smallest achievable p 0.2): ' +
      'no benchmark can be Won or Lost (each is Inconclusive), so the gate fails; use -n 5 or more';
    expect(renderTerminalReport(a)).toContain(`gate: fail\n${warning}`);
    expect(renderMarkdownReport(a)).toContain(`> **${warning}**`);
    const enough = makeRun([
      makeRecord({ benchmark: 'a', baseline: aroundMedian(10), candidate: aroundMedian(10) }),
    ]);
    expect(renderTerminalReport(analyseRun(enough))).not.toContain('warning: n=');
  });
});

describe('checks section with failures', () => {
  it('prints ✗ with each failing benchmark and its reason (multi-line reasons indented)', () => {
    const run = makeRun([
      makeRecord({ benchmark: 'small', baseline: [1, 2, 3], candidate: [4, 5, 6] }),
      makeRecord({
        benchmark: 'broken',
        baseline: [],
        candidate: aroundMedian(10),
        failures: [{ side: 'baseline', kind: 'build', message: 'build failed', logTail: 'error TS2304: x' }],
      }),
    ]);
    const a = analyseRun(run);
    const text = renderChecks(a.report.summary, { metric: 'nsPerOp', unit: 'ns/op' });
    expect(text).toContain('sample_sufficiency ✗ (2/2 benchmarks failed)');
    expect(text).toContain(
      '    RangeTombstoneListBench.small: n=3 vs 3: smallest achievable p 0.1 ≥ alpha 0.05: no result can be significant',
    );
    expect(text).toContain(
      '    RangeTombstoneListBench.broken: baseline build failed: build failed\n      error TS2304: x',
    );
    const report = renderTerminalReport(a);
    expect(report).toMatch(/RangeTombstoneListBench\.broken\s+ns\/op\s+—\s+—\s+—\s+—\s+Invalid\s+0\s+—\s+—/);
    expect(report).toMatch(
      /Primary Inconclusive: RangeTombstoneListBench\.small.*\n {4}checks failed: .*sample_sufficiency ✗/,
    );
    expect(report).toContain('gate: fail');
  });

  it('a single benchmark prints its pass reasons in full', () => {
    const run = makeRun([makeRecord({ baseline: aroundMedian(100), candidate: aroundMedian(50) })]);
    const text = renderTerminalReport(analyseRun(run));
    expect(text).toContain('sample_sufficiency ✓ n=10 vs 10: smallest achievable p 1.08251e-05 < alpha 0.05');
    expect(text).toContain('pairing ✓ 10 interleaved pairs');
  });
});

describe('warm-up warnings', () => {
  it('names each benchmark whose forks hit the warm-up cap, per side, in both reports', () => {
    const record = makeRecord({ baseline: aroundMedian(100), candidate: aroundMedian(50) });
    const unsettled = record.samples.filter((s) => s.side === 'candidate').slice(0, 3);
    for (const s of record.samples) s.warmupStable = !unsettled.includes(s);
    const firstBaseline = record.samples.find((s) => s.side === 'baseline');
    if (firstBaseline) firstBaseline.warmupStable = false;
    const run = makeRun([
      record,
      makeRecord({ benchmark: 'settled', baseline: [1, 2, 3], candidate: [1, 2, 3] }),
    ]);
    const text = renderTerminalReport(analyseRun(run));
    expect(text).toContain(
      'Warm-up:\n  RangeTombstoneListBench.benchCopyOnly: 4/20 forks (baseline 1, candidate 3) hit the warm-up cap',
    );
    expect(text).not.toMatch(/settled: \d+\/\d+ forks/);
    expect(renderMarkdownReport(analyseRun(run))).toContain(
      '### Warm-up\n\n- RangeTombstoneListBench.benchCopyOnly: 4/20 forks',
    );
  });

  it('says nothing when every warm-up settled or the file predates the field', () => {
    const run = makeRun([makeRecord({ baseline: aroundMedian(100), candidate: aroundMedian(50) })]);
    expect(renderTerminalReport(analyseRun(run))).not.toContain('Warm-up:');
  });
});

describe('seed-004 factorial box', () => {
  const f = factorial2x2({
    unit: 'op/s',
    code: { name: 'code', levels: ['Before', 'After'] },
    config: { name: 'cache', levels: ['cache enabled', 'cache disabled'] },
    cells: [
      [aroundMedian(340201, 0.01), aroundMedian(344966, 0.01)],
      [aroundMedian(339252, 0.01), aroundMedian(366330, 0.01)],
    ],
  });
  const box = renderFactorialBox({ key: 'stress read', ...f });

  it('reproduces the seed layout with p-values', () => {
    const lines = box.split('\n');
    expect(lines[1]).toMatch(/^┌─+┬─+┬─+┬─+┐$/);
    expect(lines[2]).toMatch(/^│ op\/s +│ +cache enabled │ +cache disabled │ +cache effect │$/);
    expect(lines[3]).toMatch(/^├─+┼─+┼─+┼─+┤$/);
    expect(lines[4]).toMatch(/^│ Before +│ +340,201 │ +344,966 │ +\+1\.4% \(p=[\d.e-]+\) │$/);
    expect(lines[6]).toMatch(/^│ After +│ +339,252 │ +366,330 │ +\+8\.0% \(p=1\.08e-05\) │$/);
    expect(lines[8]).toMatch(/^│ code effect │ +−0\.3% \(p=[\d.e-]+\) │ +\+6\.2% \(p=1\.08e-05\) │ +│$/);
    expect(lines[9]).toMatch(/^└─+┴─+┴─+┴─+┘$/);
    // Every box line has the same width.
    expect(new Set(lines.slice(1, 10).map((l) => [...l].length)).size).toBe(1);
  });
});

describe('text tables', () => {
  it('aligned and boxed layouts', () => {
    expect(alignedTable(['a', 'bb'], [['ccc', 'd']], ['left', 'right'])).toBe('a    bb\n───  ──\nccc   d');
    expect(boxTable([['x', 'yy']])).toBe('┌───┬────┐\n│ x │ yy │\n└───┴────┘');
  });
});

describe('A/A labels', () => {
  it('name each side once, with the injected slowdown on the candidate', () => {
    const record = makeRecord({ baseline: aroundMedian(100), candidate: aroundMedian(110) });
    const run = makeRun([record], {}, { kind: 'aa', label: 'A/A with 10% slowdown', slowdown: 0.1 });
    const text = renderTerminalReport(analyseRun(run));
    expect(text).toContain(
      "Baseline: A (the code under test)\nCandidate: A' (the same code, +10% slowdown injected)",
    );
    expect(text).not.toContain('A/A A/A');
  });

  it('an Inconclusive that reads as a regression says it fails the gate', () => {
    const drift = Array.from({ length: 10 }, (_, i) => 130 + i * 3);
    const run = makeRun([makeRecord({ baseline: aroundMedian(100), candidate: drift })]);
    const text = renderTerminalReport(analyseRun(run));
    expect(text).toMatch(
      / {4}checks failed: sample_independence ✗ .* — reads as a regression: fails the gate/,
    );
    expect(text).toContain('1 Inconclusive — gate: fail');
  });
});

describe('colour for Won and Lost', () => {
  const run = makeRun([
    makeRecord({ benchmark: 'slow', baseline: aroundMedian(100), candidate: aroundMedian(200) }),
    makeRecord({ benchmark: 'fast', baseline: aroundMedian(200), candidate: aroundMedian(100) }),
  ]);
  const analysed = analyseRun(run);

  it('red Lost and green Won on a terminal, the columns still aligned; none without colour', () => {
    const plain = renderTerminalReport(analysed);
    const coloured = renderTerminalReport({ ...analysed, colour: true });
    expect(plain).not.toContain('\u001b[');
    expect(coloured).toContain('\u001b[31mLost\u001b[39m');
    expect(coloured).toContain('\u001b[32mWon\u001b[39m');
    // Strip the codes: the same text, so the padding ignored them.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping SGR codes
    expect(coloured.replace(/\u001b\[[0-9;]*m/g, '')).toBe(plain);
  });

  it('NO_COLOR turns it off, FORCE_COLOR on; otherwise only a terminal gets it', () => {
    expect(colourWanted(true, {})).toBe(true);
    expect(colourWanted(false, {})).toBe(false);
    expect(colourWanted(true, { NO_COLOR: '1' })).toBe(false);
    expect(colourWanted(true, { NO_COLOR: '' })).toBe(true);
    expect(colourWanted(false, { FORCE_COLOR: '1' })).toBe(true);
    expect(colourWanted(true, { FORCE_COLOR: '0' })).toBe(false);
    expect(colourWanted(false, { FORCE_COLOR: '1', NO_COLOR: '1' })).toBe(true);
  });
});

describe('the CI column at n = 3', () => {
  it('says the samples are too few for a bound instead of [-100%, —]', () => {
    const run = makeRun([makeRecord({ baseline: [1, 2, 3], candidate: [4, 5, 6] })], { samplesPerSide: 3 });
    const text = renderTerminalReport(analyseRun(run));
    expect(text).not.toContain('-100%');
    expect(text).toContain('— (n too small)');
  });
});

describe('a single-variant run (one implementation, its forks against each other)', () => {
  it('says a Won/Lost there is false and passes the gate; too few samples warn without failing it', () => {
    const single = { kind: 'aa', label: SINGLE_VARIANT_LABEL, slowdown: 0 } as const;
    const base = aroundMedian(10);
    const run = makeRun(
      [makeRecord({ benchmark: 'a', baseline: base, candidate: base.map((x) => x * 1.6) })],
      {},
      single,
    );
    const a = analyseRun(run);
    const note = 'Both sides ran the same code: these verdicts are false, and the gate ignores them.';
    expect(renderTerminalReport(a)).toContain('1 Lost — gate: pass');
    expect(renderTerminalReport(a)).toContain(note);
    expect(renderMarkdownReport(a)).toContain(note);
    const tiny = analyseRun(
      makeRun([makeRecord({ benchmark: 'a', baseline: [1, 2, 3], candidate: [1, 2, 3] })], {}, single),
    );
    const text = renderTerminalReport(tiny);
    expect(text).toContain('gate: pass\nwarning: n=3 per side cannot reach alpha 0.05');
    expect(text).toContain('(each is Inconclusive); use -n');
    expect(text).not.toContain(note);
  });
});
