import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analysedRun } from './bench-driver.js';
import {
  factorialCounts,
  gcModeFactorialReport,
  renderGcModeFactorialReport,
} from './gc-mode-factorial-case.js';
import { purgeOrderCounts, purgeOrderReport, renderPurgeOrderReport } from './purge-order-case.js';
import { rangeMergesReport, renderRangeMergesReport } from './range-merges-case.js';
import { benchmarkRecord, RANGE_MERGES_CHECK, rangeMergesRuns, runRecord } from './test-runs.js';

const FIXTURES = fileURLToPath(new URL('fixtures', import.meta.url));

/**
 * A report's layout without its numbers: every number becomes `#`, runs of spaces and of rule characters one, so a
 * changed value or column width passes and a changed row, column, section or wording fails.
 */
function layoutOf(text: string): string {
  return text
    .replace(/[+\-−]?\d+(?:[.,]\d+)*(?:e[+-]?\d+)?/g, '#')
    .replace(/─+/g, '─')
    .replace(/ +/g, ' ')
    .trimEnd();
}

const expected = (name: string) => readFileSync(`${FIXTURES}/${name}-layout.txt`, 'utf8').trimEnd();
const five = (base: number) => [0, 1, 2, 3, 4].map((i) => base + i);
const labels = { baseline: 'purgeOrder=eager', candidate: 'purgeOrder=deferred' };

/** Each case's text report from fixed results records, analysed by bench (the RunReport the case quotes). */
const REPORTS: Record<string, () => string> = {
  'range-merges': () => renderRangeMergesReport(rangeMergesReport(RANGE_MERGES_CHECK, rangeMergesRuns())),
  'purge-order': () => {
    const counts = purgeOrderCounts({ partitions: 400, otherRuns: 20, gcableFraction: 0.1 });
    const run = runRecord('purgeOrder', 'eager', 'deferred', [
      benchmarkRecord('T', { otherRuns: 10 }, labels, { baseline: five(3e6), candidate: five(1e6) }),
      benchmarkRecord('T', { otherRuns: 20 }, labels, { baseline: five(7e6), candidate: five(1e6) }),
    ]);
    return renderPurgeOrderReport(
      purgeOrderReport(counts, { partitions: 400, gcablePartitions: 40 }, analysedRun(run, {})),
    );
  },
  'gc-mode-factorial': () => {
    const run = runRecord('purgeOrder', 'eager', 'deferred', [
      benchmarkRecord('G', { gcMode: 'timeout' }, labels, { baseline: five(100), candidate: five(10) }),
      benchmarkRecord('G', { gcMode: 'repair' }, labels, { baseline: five(120), candidate: five(30) }),
    ]);
    const counts = factorialCounts({ partitions: 200, otherRuns: 10 });
    return renderGcModeFactorialReport(
      gcModeFactorialReport(counts, analysedRun(run, { factorial: 'gcMode' })),
    );
  },
};

describe('case report layouts (numbers masked) against the checked-in expectation', () => {
  // fixtures/<case>-layout.txt: the seed reports' layouts (000/001 per-N table and growth rows, 003 probes against
  // the formula, 004 box 2×2), with the columns quoting bench's verdict added on purpose: p | p (Holm) | verdict | checks.
  for (const [name, render] of Object.entries(REPORTS)) {
    it(`${name}: same rows, columns and sections`, () => {
      expect(layoutOf(render())).toBe(expected(name));
    });
  }

  it('the mask catches a planted layout change: a dropped column, a renamed section or a new row fails', () => {
    const text = REPORTS['purge-order']!();
    const layout = layoutOf(text);
    expect(text).toContain('0.00794');
    expect(layoutOf(text.replaceAll('0.00794', '0.5').replaceAll('7.00 ms', '12.25 ms'))).toBe(layout);
    expect(layoutOf(text.replace('p (Holm)', 'p'))).not.toBe(layout);
    expect(layoutOf(text.replace(/ +verdict/, ''))).not.toBe(layout);
    expect(layoutOf(text.replace('co-measured', 'measured'))).not.toBe(layout);
    expect(layoutOf(`${text}extra row\n`)).not.toBe(layout);
    expect(layoutOf('a 1,234.5 b −7.1% c 1.08e-05 d 0.417×')).toBe('a # b #% c # d #×');
  });
});
