import { describe, expect, it } from 'vitest';
import { boxTable, formatEffect, formatP, textTable } from './text-report.js';

describe('harness report layouts (bench’s table code)', () => {
  it('aligns numeric columns right and text columns left, under a rule', () => {
    expect(
      textTable(
        ['store', 'N', 'ratio'],
        [
          ['eager', '256', '0.230×'],
          ['persistent', '4096', '—'],
        ],
      ),
    ).toBe(
      [
        'store          N   ratio',
        '──────────  ────  ──────',
        'eager        256  0.230×',
        'persistent  4096       —',
      ].join('\n'),
    );
  });

  it('right-aligns a numeric column with blank cells (stress: per-kind columns blank on the GC and CPU rows)', () => {
    expect(
      textTable(
        ['metric', 'total', 'insert'],
        [
          ['Op rate', '12,000 op/s', '9,000 op/s'],
          ['Total GC count', '14', ''],
        ],
      ),
    ).toBe(
      [
        'metric                total      insert',
        '──────────────  ───────────  ──────────',
        'Op rate         12,000 op/s  9,000 op/s',
        'Total GC count           14',
      ].join('\n'),
    );
  });

  it('draws the seed-004 box with the first column left-aligned', () => {
    expect(
      boxTable([
        ['', 'timeout'],
        ['Before', '160.24'],
        ['code effect', '−73.0%'],
      ]),
    ).toBe(
      [
        '┌─────────────┬─────────┐',
        '│             │ timeout │',
        '├─────────────┼─────────┤',
        '│ Before      │  160.24 │',
        '├─────────────┼─────────┤',
        '│ code effect │  −73.0% │',
        '└─────────────┴─────────┘',
      ].join('\n'),
    );
  });

  it('prints p-values with three digits and effects with one decimal, as the seed reports', () => {
    expect([formatP(0.0753), formatP(1.0825e-5), formatP(0.5), formatP(Number.NaN)]).toEqual([
      '0.0753',
      '1.08e-05',
      '0.5',
      '—',
    ]);
    expect([formatEffect(-73.04), formatEffect(1.3), formatEffect(-0.01)]).toEqual([
      '−73.0%',
      '+1.3%',
      '+0.0%',
    ]);
  });
});
