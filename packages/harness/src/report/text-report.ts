/**
 * The harness's report layouts are bench's own (`@tombstone-lab/bench/format`): one table and number-format code for
 * both packages. What stays here is the harness's choice of alignment and precision.
 */
import {
  type Align,
  alignedTable,
  boxTable as benchBoxTable,
  formatP as benchFormatP,
} from '@tombstone-lab/bench/format';

export { formatEffect } from '@tombstone-lab/bench/format';

/**
 * Right-aligns the columns whose every filled body cell starts with a digit, a sign or a dash (numbers, ratios, "—").
 * Empty cells do not count: stress's per-kind columns are blank on the process-wide rows (GC, CPU), and counting
 * them left-aligned every per-kind column while the total column stood right-aligned.
 */
function numericAlign(header: readonly string[], rows: readonly (readonly string[])[]): Align[] {
  return header.map((_, i) => {
    const filled = rows.map((r) => r[i] ?? '').filter((cell) => cell !== '');
    return filled.length > 0 && filled.every((cell) => /^[-+−\d—]/.test(cell)) ? 'right' : 'left';
  });
}

/** A plain aligned text table (header, rule, rows; numeric columns right-aligned) for the case and stress reports. */
export function textTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return alignedTable(header, rows, numericAlign(header, rows));
}

/** The seed-004 box table: a rule between rows, the first column left-aligned, the others right-aligned. */
export function boxTable(rows: readonly (readonly string[])[]): string {
  return benchBoxTable(
    rows,
    (rows[0] ?? []).map((_, i) => (i === 0 ? 'left' : 'right')),
  );
}

/** A p-value with three significant digits, exponent form below 10⁻⁴ as in the seed reports: "0.0753", "1.08e-05". */
export function formatP(p: number): string {
  return benchFormatP(p, 3);
}
