import { describe, expect, it } from 'vitest';
import { analyzeRun } from '../stats/analyze-run.js';
import { factorial2x2 } from '../stats/factorial.js';
import { growthFromRun } from '../stats/growth.js';
import { jitter, makeRecord, makeRun } from '../stats/test-fixtures.js';
import {
  distributionRows,
  escapeXml,
  renderDistributionSvg,
  renderFactorialSvg,
  renderGrowthSvg,
} from './svg.js';
import { seedRun } from './test-seed-run.js';
import { checkXml } from './test-xml.js';

function circles(svg: string) {
  return checkXml(svg).filter((e) => e.name === 'circle');
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

describe('SVG plots', () => {
  it('distribution plot: well-formed, one circle per sample with its value', () => {
    const run = seedRun();
    run.benchmarks[0]!.key = 'A<B> & "C"';
    const analysis = analyzeRun(run);
    const svg = renderDistributionSvg(distributionRows(run, analysis));
    const pts = circles(svg);
    expect(pts).toHaveLength(80);
    const first = run.benchmarks[0]!;
    const baselineValues = first.samples.filter((s) => s.side === 'baseline').map((s) => String(s.nsPerOp));
    for (const v of baselineValues) {
      expect(pts.some((p) => p.attrs['data-value'] === v && p.attrs['data-side'] === 'baseline')).toBe(true);
    }
    expect(svg).toContain(escapeXml('A<B> & "C"'));
    expect(svg).toContain('(log)'); // 3362 vs 9 spans decades
  });

  it('growth plot: every sample and both fitted lines', () => {
    const run = makeRun(
      [10, 100, 1000].map((size, i) =>
        makeRecord({
          params: { size },
          baseline: jitter(size * size, 10, 0.1, i + 1),
          candidate: jitter(size, 10, 0.1, i + 9),
        }),
      ),
    );
    const [g] = growthFromRun(run, 'size');
    const svg = renderGrowthSvg(g!, { baseline: 'eager', candidate: 'cow' });
    const elements = checkXml(svg);
    expect(elements.filter((e) => e.name === 'circle')).toHaveLength(60);
    const lines = elements.filter((e) => e.attrs['data-exponent'] !== undefined);
    expect(lines.map((l) => Math.round(Number(l.attrs['data-exponent'])))).toEqual([2, 1]);
    expect(svg).toContain('O(N^2.00) → O(N^1.00)');
  });

  it('factorial interaction plot: the four cell medians', () => {
    const f = factorial2x2({
      unit: 'op/s',
      code: { name: 'code', levels: ['Before', 'After'] },
      config: { name: 'cache', levels: ['on', 'off'] },
      cells: [
        [[340201], [344966]],
        [[339252], [366330]],
      ],
    });
    const pts = circles(renderFactorialSvg(f));
    expect(pts.map((p) => p.attrs['data-value'])).toEqual(['340201', '344966', '339252', '366330']);
    // Higher op/s is drawn higher up (smaller y).
    const y = (v: string) => Number(pts.find((p) => p.attrs['data-value'] === v)!.attrs.cy);
    expect(y('366330')).toBeLessThan(y('339252'));
  });
});
