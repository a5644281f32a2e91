import { describe, expect, it } from 'vitest';
import { analyseRun } from '../analyse/analyse-run.js';
import { formatGrouped, formatP } from '../format/number-format.js';
import { factorial2x2 } from '../stats/factorial.js';
import { growthFromRun } from '../stats/growth.js';
import { jitter, makeRecord, makeRun } from '../stats/test-fixtures.js';
import { render, svgPlots } from './output.js';
import {
  distributionRows,
  escapeXml,
  formatTick,
  renderDistributionSvg,
  renderFactorialSvg,
  renderGrowthSvg,
  wrapLabel,
} from './svg.js';
import { seedRun } from './test-seed-run.js';
import { checkXml } from './test-xml.js';

function circles(svg: string) {
  return checkXml(svg).filter((e) => e.name === 'circle');
}

interface TextEl {
  attrs: Record<string, string>;
  content: string;
}

function texts(svg: string): TextEl[] {
  return [...svg.matchAll(/<text([^>]*)>([^<]*)<\/text>/g)].map((m) => ({
    attrs: Object.fromEntries([...m[1]!.matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1]!, a[2]!])),
    content: m[2]!,
  }));
}

const SI: Record<string, number> = { '': 1, k: 1e3, M: 1e6, G: 1e9, T: 1e12 };
/** The report table's units (formatMetric), as the distribution and growth plots of a report label their ticks. */
const TABLE_UNITS: Record<string, number> = {
  ns: 1,
  µs: 1e3,
  ms: 1e6,
  s: 1e9,
  B: 1,
  KiB: 1024,
  MiB: 1024 ** 2,
};

/** Reads a tick label back: "2.5M" → 2.5e6, "2.5 µs" → 2500. */
function parseTick(label: string): number {
  const unit = /^(-?\d+(?:\.\d+)?) (ns|µs|ms|s|B|KiB|MiB)$/.exec(label);
  if (unit) return Number(unit[1]) * TABLE_UNITS[unit[2]!]!;
  const m = /^(-?\d+(?:\.\d+)?(?:e-?\d+)?)([kMGT]?)$/.exec(label);
  if (!m) throw new Error(`unreadable tick label ${label}`);
  return Number(m[1]) * SI[m[2]!]!;
}

/** Value-axis tick labels in value order; checks each label reads back as its value. */
function ticks(svg: string, axis: 'x' | 'y') {
  const out = texts(svg)
    .filter((t) => t.attrs['data-tick'] !== undefined)
    .map((t) => ({ value: Number(t.attrs['data-tick']), label: t.content, pos: Number(t.attrs[axis]) }));
  for (const t of out) expect(parseTick(t.label)).toBeCloseTo(t.value, 6);
  return out;
}

function expectMonotonic(ts: { value: number; label: string; pos: number }[], direction: 1 | -1) {
  expect(ts.length).toBeGreaterThanOrEqual(3);
  expect(new Set(ts.map((t) => t.label)).size).toBe(ts.length);
  for (let i = 1; i < ts.length; i++) {
    expect(ts[i]!.value).toBeGreaterThan(ts[i - 1]!.value);
    expect(Math.sign(ts[i]!.pos - ts[i - 1]!.pos)).toBe(direction);
  }
}

/** Every left-anchored text fits the canvas at 0.6 em per character (a plain sans-serif estimate). */
function expectTextInsideCanvas(svg: string) {
  const width = Number(/<svg[^>]* width="([\d.]+)"/.exec(svg)![1]);
  for (const t of texts(svg)) {
    if (t.attrs['text-anchor'] || t.attrs.transform) continue;
    const size = Number(t.attrs['font-size'] ?? 11);
    const chars = t.content.replace(/&\w+;/g, '_').length;
    expect(Number(t.attrs.x) + chars * size * 0.6, t.content).toBeLessThanOrEqual(width);
  }
}

const LONG_SUITE = 'SuccessiveRangeWritesWithAVeryLongDescriptiveSuiteNameBench';

function growthRun(suite = 'RangeTombstoneListBench') {
  return makeRun(
    [10, 100, 1000].map((size, i) =>
      makeRecord({
        suite,
        benchmark: 'successiveWrites',
        params: { size, arrival: 'random' },
        baseline: jitter(size * size, 10, 0.1, i + 1),
        candidate: jitter(size, 10, 0.1, i + 9),
      }),
    ),
  );
}

describe('the XML checker itself', () => {
  it('rejects malformed documents', () => {
    expect(() => checkXml('<a><b></a>')).toThrow(/closes/);
    expect(() => checkXml('<a x=1/>')).toThrow(/malformed attributes/);
    expect(() => checkXml('<a>&nbsp;</a>')).toThrow(/bad entity/);
    expect(() => checkXml('<a/><b/>')).toThrow(/more than one root/);
    expect(() => checkXml('<a>')).toThrow(/unclosed/);
    expect(checkXml('<a x="1"><b/>t &amp; u</a>')).toHaveLength(2);
  });
});

describe('label helpers', () => {
  it('wrapLabel breaks benchmark keys at their separators and cuts with an ellipsis', () => {
    expect(wrapLabel('Suite.bench[a=1,n=2]', 12, 3)).toEqual(['Suite.bench', '[a=1,n=2]']);
    expect(wrapLabel('Suite.bench[a=1,n=2]', 8, 4)).toEqual(['Suite.', 'bench', '[a=1,', 'n=2]']);
    expect(wrapLabel('short', 20, 1)).toEqual(['short']);
    const cut = wrapLabel('Suite.bench[a=1,n=2]', 8, 2);
    expect(cut).toHaveLength(2);
    expect(cut[1]!.endsWith('…')).toBe(true);
    for (const line of wrapLabel('x'.repeat(50), 10, 9)) expect(line.length).toBeLessThanOrEqual(10);
    expect(() => wrapLabel('x', 1, 1)).toThrow(RangeError);
    expect(() => wrapLabel('x', 10, 0)).toThrow(/maxLines/);
  });

  it('formatTick prints round values with SI suffixes', () => {
    expect([2e6, 500, 0.05, 1e-6, 1e3, 2.5e10].map(formatTick)).toEqual([
      '2M',
      '500',
      '0.05',
      '1e-6',
      '1k',
      '25G',
    ]);
  });
});

describe('SVG plots', () => {
  it('distribution plot: well-formed, one circle per sample with its value, ticks and scale caption', () => {
    const run = seedRun();
    run.benchmarks[0]!.key = 'A<B> & "C"';
    run.benchmarks[1]!.key = `${LONG_SUITE}.benchCopyAndAdd[size=1000,arrival=random]`;
    const svg = renderDistributionSvg(distributionRows(run, analyseRun(run).report.verdicts));
    const pts = circles(svg);
    expect(pts).toHaveLength(80);
    const first = run.benchmarks[0]!;
    const baselineValues = first.samples.filter((s) => s.side === 'baseline').map((s) => String(s.nsPerOp));
    for (const v of baselineValues) {
      expect(pts.some((p) => p.attrs['data-value'] === v && p.attrs['data-side'] === 'baseline')).toBe(true);
    }
    expect(svg).toContain(escapeXml('A<B> & "C"'));
    expect(svg).toContain('axis: ns/op, log scale'); // 3362 vs 9 spans decades
    // The long key is wrapped inside the plot (560 px: readable at half the editor's width), the full key kept as a
    // hover title.
    expect(Number(/<svg[^>]* width="([\d.]+)"/.exec(svg)![1])).toBeLessThanOrEqual(560);
    expect(svg).toContain(`<title>${run.benchmarks[1]!.key}</title>`);
    for (const t of texts(svg).filter((e) => e.attrs['font-weight'] === 'bold')) {
      expect(10 + t.content.length * 11 * 0.6).toBeLessThanOrEqual(560);
    }
    // Neighbouring tick labels do not overlap (0.6 em per character).
    const xs = ticks(svg, 'x');
    for (let i = 1; i < xs.length; i++)
      if (xs[i]!.pos > xs[i - 1]!.pos)
        expect(xs[i]!.pos - xs[i - 1]!.pos).toBeGreaterThan(
          ((xs[i]!.label.length + xs[i - 1]!.label.length) / 2) * 11 * 0.6,
        );
    expect(ticks(svg, 'x').length).toBeGreaterThanOrEqual(4 * 3);
    expectTextInsideCanvas(svg);
  });

  it("distribution captions: the p the table decided on, named, at the table's precision; ticks in its units", () => {
    const run = seedRun();
    const { report } = analyseRun(run);
    const svg = renderDistributionSvg(distributionRows(run, report.verdicts));
    const table = render({ run, report }, 'terminal');
    const captions = texts(svg)
      .map((t) => t.content)
      .filter((c) => /^(Won|Lost|Unchanged|Held|Inconclusive|Invalid) /.test(c));
    expect(captions).toHaveLength(report.verdicts.length);
    for (const [i, v] of report.verdicts.entries()) {
      expect(v.basis.correction).toBe('holm');
      // The Holm p exactly as the table's `p (Holm)` column prints it, and never the raw p's six digits.
      const holm = formatP(v.pAdjusted, 4);
      expect(captions[i]).toMatch(
        new RegExp(`^${v.outcome} [+−-][\\d.]+% p\\(Holm\\)=${holm.replace('.', '\\.')}$`),
      );
      expect(table).toContain(holm);
      expect(captions[i]).not.toContain(formatP(v.stats!.p));
    }
    // 3362 ns and 9 ns: the ticks read in µs and ns, as the table's medians do, not "2k".
    const labels = ticks(svg, 'x').map((t) => t.label);
    expect(labels.some((l) => / µs$/.test(l))).toBe(true);
    expect(labels.some((l) => / ns$/.test(l))).toBe(true);
    expect(labels.some((l) => /^\d+(\.\d+)?k$/.test(l))).toBe(false);
    // Without a correction the caption names the plain p.
    const plain = renderDistributionSvg(
      distributionRows(run, analyseRun(run, { overrides: { correction: 'none' } }).report.verdicts),
    );
    expect(plain).toMatch(/(Won|Lost|Unchanged|Held|Inconclusive) [+−-][\d.]+% p=\d/);
    expect(plain).not.toContain('p(Holm)');
  });

  it('growth plot: every sample, both fitted lines, readable log ticks, unit and fitted exponents', () => {
    const [g] = growthFromRun(growthRun(), 'size');
    const svg = renderGrowthSvg(g!, { baseline: 'eager', candidate: 'cow' }, 'ns/op');
    const elements = checkXml(svg);
    expect(elements.filter((e) => e.name === 'circle')).toHaveLength(60);
    const lines = elements.filter((e) => e.attrs['data-exponent'] !== undefined);
    expect(lines.map((l) => Math.round(Number(l.attrs['data-exponent'])))).toEqual([2, 1]);
    const ci = (side: 'baseline' | 'candidate') =>
      `[${g![side].lower!.toFixed(2)}, ${g![side].upper!.toFixed(2)}]`;
    expect(svg).toContain(`baseline: eager — O(N^2.00) ${ci('baseline')}`);
    expect(svg).toContain(`candidate: cow — O(N^1.00) ${ci('candidate')}`);
    expect(svg).toContain('exponents differ');
    expect(svg).toContain('ns/op (log scale)');
    const ys = ticks(svg, 'y');
    expectMonotonic(ys, -1); // higher values higher up
    // Values from ~10 to ~1e6 span five decades: the ticks are powers of ten.
    for (const t of ys) expect(Math.log10(t.value) % 1).toBeCloseTo(0, 9);
    expectTextInsideCanvas(svg);
  });

  it('the growth plot of a report draws the points its RunReport carries: the same SVG as from the fit itself', () => {
    const run = growthRun();
    const [g] = growthFromRun(run, 'size');
    const { report } = analyseRun(run, { growth: 'size' });
    expect(report.growth[0]!.points.baseline.flatMap((p) => p.values)).toHaveLength(30);
    const plots = svgPlots({ run, report });
    const growth = plots.find(([name]) => name.startsWith('growth-'))?.[1];
    expect(growth).toBe(renderGrowthSvg(g!, run.benchmarks[0]!.labels, 'ns/op', 'nsPerOp'));
    // Its ticks in the table's units: "100 µs", not "100k".
    expect(ticks(growth!, 'y').map((t) => t.label)).toContain('100 µs');
  });

  it('growth plot: a long benchmark name is wrapped within the canvas with the full name as <title>', () => {
    const [g] = growthFromRun(growthRun(LONG_SUITE), 'size');
    const svg = renderGrowthSvg(g!, { baseline: 'eager', candidate: 'cow' });
    expect(g!.key.length * 13 * 0.6).toBeGreaterThan(640); // would overflow on one line
    expect(svg).toContain(`<title>Growth of ${g!.key} over size</title>`);
    const titleLines = texts(svg).filter((t) => t.attrs['font-size'] === '13');
    expect(titleLines.length).toBeGreaterThan(1);
    const squash = (x: string) => x.replace(/\s/g, '');
    expect(squash(titleLines.map((t) => t.content).join(''))).toBe(squash(`Growth of ${g!.key} over size`));
    expect(svg).toContain('metric (log scale)'); // no unit given
    expectTextInsideCanvas(svg);
  });

  it('factorial interaction plot: the four cell medians, labelled, with ticks, unit and effect p-values', () => {
    const f = factorial2x2({
      unit: 'op/s',
      code: { name: 'code', levels: ['Before', 'After'] },
      config: { name: 'cache', levels: ['on', 'off'] },
      cells: [
        [
          [340201, 340100, 340300],
          [344966, 344900, 345000],
        ],
        [
          [339252, 339200, 339300],
          [366330, 366300, 366400],
        ],
      ],
    });
    const svg = renderFactorialSvg(f);
    const pts = circles(svg);
    expect(pts.map((p) => p.attrs['data-value'])).toEqual(['340201', '344966', '339252', '366330']);
    // Higher op/s is drawn higher up (smaller y).
    const y = (v: string) => Number(pts.find((p) => p.attrs['data-value'] === v)!.attrs.cy);
    expect(y('366330')).toBeLessThan(y('339252'));
    const labels = texts(svg).map((t) => t.content);
    for (const m of ['340201', '344966', '339252', '366330'])
      expect(labels).toContain(formatGrouped(Number(m)));
    expect(svg).toContain('op/s (cell median)');
    expectMonotonic(ticks(svg, 'y'), -1);
    for (const e of [...f.codeEffect, ...f.configEffect]) expect(svg).toContain(`(p=${formatP(e.p, 3)})`);
    expect(svg).toContain('After vs Before at off: +6.2%');
    expect(svg).toContain('interaction (code effect at off relative to on)');
    expectTextInsideCanvas(svg);
  });

  it('factorial ticks stay distinct and readable when the medians differ in the sixth digit', () => {
    const f = factorial2x2({
      unit: 'ns/op',
      code: { name: 'code', levels: ['a', 'b'] },
      config: { name: 'k', levels: ['x', 'y'] },
      cells: [
        [[1_000_100], [1_000_300]],
        [[1_000_200], [1_000_400]],
      ],
    });
    const ys = ticks(renderFactorialSvg(f), 'y');
    expectMonotonic(ys, -1);
    expect(ys.every((t) => t.label.endsWith('M'))).toBe(true);
  });
});
