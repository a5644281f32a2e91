import { describe, expect, it } from 'vitest';
import { barChart, lineChart, linePath } from './chart.js';
import { elements, overflowingTexts, size } from './test-svg.js';

const ticks = (svg: string) =>
  elements(svg, 'text')
    .filter((t) => t.attrs['data-tick'] !== undefined)
    .map((t) => ({
      value: Number(t.attrs['data-tick']),
      label: t.content,
      x: Number(t.attrs.x),
      y: Number(t.attrs.y),
      anchor: t.attrs['text-anchor'],
    }));

describe('linePath', () => {
  it('maps points in order and breaks the line at a missing value (NaN, or ≤ 0 on a log axis)', () => {
    const pts = [
      { x: 0, y: 1 },
      { x: 1, y: 2 },
      { x: 2, y: Number.NaN },
      { x: 3, y: 4 },
      { x: 4, y: 0 },
      { x: 5, y: 8 },
    ];
    expect(
      linePath(
        pts,
        (x) => 10 * x,
        (y) => 100 - y,
      ),
    ).toBe('M0 99 L10 98 M30 96 L40 100 L50 92');
    expect(
      linePath(
        pts,
        (x) => 10 * x,
        (y) => 100 - y,
        true,
      ),
    ).toBe('M0 99 L10 98 M30 96 M50 92');
  });
});

describe('lineChart', () => {
  const chart = () =>
    lineChart({
      title: 'Growth of a thing',
      subtitle: 'what it shows',
      x: { title: 'N (log scale)', log: true },
      y: { title: 'time (ms, log scale)', log: true },
      series: [
        { name: 'quadratic', points: [10, 100, 1000].map((n) => ({ x: n, y: n * n })) },
        { name: 'linear', points: [10, 100, 1000].map((n) => ({ x: n, y: n })) },
      ],
    });

  it('places each point on log axes so a power law is a straight line with its exponent as the slope', () => {
    const svg = chart();
    const slope = (series: string) => {
      const c = elements(svg, 'circle').filter((e) => e.attrs['data-series'] === series);
      expect(c.map((e) => Number(e.attrs['data-x']))).toEqual([10, 100, 1000]);
      const p = c.map((e) => ({ x: Number(e.attrs.cx), y: Number(e.attrs.cy) }));
      const s1 = (p[1]!.y - p[0]!.y) / (p[1]!.x - p[0]!.x);
      const s2 = (p[2]!.y - p[1]!.y) / (p[2]!.x - p[1]!.x);
      expect(s1).toBeCloseTo(s2, 2); // straight
      return s1;
    };
    // Pixel slopes are in the ratio of the exponents (both axes span decades at their own pixel scale).
    expect(slope('quadratic') / slope('linear')).toBeCloseTo(2, 2);
    // Up is larger: y pixels fall as values rise.
    expect(slope('linear')).toBeLessThan(0);
  });

  it('labels both axes with round ticks that read back as their values, in order', () => {
    const svg = chart();
    const t = ticks(svg);
    const y = t.filter((k) => k.anchor === 'end');
    expect(y.map((k) => k.label)).toEqual(['10', '100', '1k', '10k', '100k', '1M']);
    for (let i = 1; i < y.length; i++) expect(y[i]!.y).toBeLessThan(y[i - 1]!.y);
    const x = t.filter((k) => k.anchor === 'middle');
    expect(x.map((k) => k.label)).toEqual(['10', '20', '50', '100', '200', '500', '1k']);
  });

  it('has a title, axis titles with units, a legend entry per series, and no text outside the picture', () => {
    const svg = chart();
    const texts = elements(svg, 'text').map((t) => t.content);
    expect(svg).toContain('<title>Growth of a thing</title>');
    expect(texts).toEqual(
      expect.arrayContaining([
        'Growth of a thing',
        'what it shows',
        'N (log scale)',
        'time (ms, log scale)',
        'quadratic',
        'linear',
      ]),
    );
    expect(overflowingTexts(svg)).toEqual([]);
    expect(size(svg).width).toBe(760);
  });

  it('wraps a long title and keeps long legend entries inside the picture', () => {
    const long = 'a very long series name that goes on and on '.repeat(3);
    const svg = lineChart({
      title: 'T'.repeat(200),
      x: { title: 'x (s)' },
      y: { title: 'y (op/s)', zero: true },
      series: Array.from({ length: 8 }, (_, i) => ({
        name: `${long}${i}`,
        points: [
          { x: 0, y: i },
          { x: 1, y: i + 1 },
        ],
      })),
    });
    expect(overflowingTexts(svg)).toEqual([]);
    // Series past the palette's six colours are dashed, so no two look alike.
    const dashed = elements(svg, 'path').filter((p) => p.attrs['stroke-dasharray']);
    expect(dashed).toHaveLength(2);
  });

  it('starts a zero-based axis at 0 and uses the given ticks for categories', () => {
    const svg = lineChart({
      title: 't',
      x: {
        title: 'mode',
        pad: 0.4,
        ticks: [
          { value: 0, label: 'timeout' },
          { value: 1, label: 'repair' },
        ],
      },
      y: { title: 'rate (op/s)', zero: true },
      series: [
        {
          name: 's',
          points: [
            { x: 0, y: 40 },
            { x: 1, y: 90 },
          ],
        },
      ],
    });
    const t = ticks(svg);
    expect(t.map((k) => k.label)).toEqual(expect.arrayContaining(['0', 'timeout', 'repair']));
    const zero = t.find((k) => k.label === '0')!;
    const c = elements(svg, 'circle').map((e) => Number(e.attrs.cy));
    // 0 is below both points; 90 is higher than 40.
    expect(zero.y).toBeGreaterThan(c[0]!);
    expect(c[1]!).toBeLessThan(c[0]!);
  });
});

describe('barChart', () => {
  it('draws bars from zero with heights proportional to the values, each labelled', () => {
    const svg = barChart({
      title: 'probes',
      categories: ['100 runs', '1,000 runs'],
      categoryTitle: 'runs',
      y: { title: 'probes (count)' },
      series: [
        { name: 'eager', values: [500_000, 5_000_000] },
        { name: 'deferred', values: [25_000, 250_000] },
      ],
      format: (v) => v.toLocaleString('en-US'),
    });
    const bars = elements(svg, 'rect').filter((r) => r.attrs['data-series']);
    expect(bars.map((b) => `${b.attrs['data-series']}@${b.attrs['data-category']}`)).toEqual([
      'eager@100 runs',
      'deferred@100 runs',
      'eager@1,000 runs',
      'deferred@1,000 runs',
    ]);
    const h = bars.map((b) => Number(b.attrs.height));
    expect(h[2]! / h[0]!).toBeCloseTo(10, 1);
    expect(h[2]! / h[3]!).toBeCloseTo(20, 1);
    const bottoms = bars.map((b) => Number(b.attrs.y) + Number(b.attrs.height));
    expect(new Set(bottoms.map((v) => v.toFixed(1))).size).toBe(1);
    expect(elements(svg, 'text').map((t) => t.content)).toEqual(
      expect.arrayContaining(['5,000,000', '25,000', '1,000 runs']),
    );
    expect(overflowingTexts(svg)).toEqual([]);
  });
});
