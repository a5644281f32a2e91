import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../test-helpers.js';

const FIXTURES = fileURLToPath(new URL('fixtures', import.meta.url));

/**
 * A report's layout without its numbers: every number becomes `#`, runs of spaces and rule characters one, so a
 * change of a value or a column's width passes and a changed row, column, section or wording fails.
 */
function layoutOf(text: string): string {
  return text
    .replace(/[+\-−]?\d+(?:\.\d+)?(?:e[+-]?\d+)?/g, '#')
    .replace(/─+/g, '─')
    .replace(/ +/g, ' ')
    .trimEnd();
}

describe('the terminal report of the main suite (packages/core bench/range-tombstone-list.bench.ts)', () => {
  // main-suite-run.json: `tombstone-bench run bench/range-tombstone-list.bench.ts --fixed-n -n 5` at 2eaded2;
  // main-suite-terminal.txt: its `report` by that runner, before the RunReport, masked with layoutOf; since protocol
  // 9 with the not-shown mark on copyAndAdd[size=10] (Held, [-37%, +179%]), its footnote and its summary count.
  it('keeps the rows, columns and sections it had before the RunReport (numbers masked)', async () => {
    const { code, stdout } = await runCli(['report', 'main-suite-run.json'], FIXTURES);
    expect(code).toBe(0);
    const before = readFileSync(`${FIXTURES}/main-suite-terminal.txt`, 'utf8').trimEnd();
    expect(layoutOf(stdout)).toBe(before);
  });

  it('the mask keeps what a layout is made of: a dropped column or a renamed section fails', () => {
    const table =
      'Benchmark  Metric  Baseline\n─────────  ──────  ────────\nA.b[n=10]  ns/op   12.5 µs\n\nChecks:';
    expect(layoutOf(table)).toBe('Benchmark Metric Baseline\n─ ─ ─\nA.b[n=#] ns/op # µs\n\nChecks:');
    expect(layoutOf(table.replace('  Baseline', ''))).not.toBe(layoutOf(table));
    expect(layoutOf(table.replace('Checks:', 'Check:'))).not.toBe(layoutOf(table));
    expect(layoutOf(table.replace('12.5', '99.25'))).toBe(layoutOf(table));
  });
});
