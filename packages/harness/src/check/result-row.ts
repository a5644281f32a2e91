import type { CellValue, Value } from '../generator/ops.js';

/** A row as a read returns it: clustering values and the live cells (by column name). */
export interface ResultRow {
  readonly ck: readonly Value[];
  readonly values: Readonly<Record<string, CellValue>>;
}

/** A canonical text of a row (cells sorted by column, bigints tagged) for comparing and printing. */
export function rowText(row: ResultRow): string {
  const ck = row.ck.map((x) => (typeof x === 'bigint' ? `${x}n` : JSON.stringify(x))).join(',');
  const cells = Object.keys(row.values)
    .sort()
    .map((c) => `${c}=${JSON.stringify(row.values[c])}`)
    .join(',');
  return `(${ck}){${cells}}`;
}

/** Whether two rows are equal: same clustering values and the same cells (compared without building strings). */
export function sameRow(a: ResultRow, b: ResultRow): boolean {
  if (a.ck.length !== b.ck.length) return false;
  for (let i = 0; i < a.ck.length; i++) if (a.ck[i] !== b.ck[i]) return false;
  let n = 0;
  for (const key in a.values) {
    if (a.values[key] !== b.values[key]) return false;
    n++;
  }
  for (const _ in b.values) n--;
  return n === 0;
}

/** Rows as JSON-friendly values (bigints as decimal strings), for divergence reports. */
export function rowsJson(rows: readonly ResultRow[]): unknown[] {
  return rows.map((r) => ({
    ck: r.ck.map((x) => (typeof x === 'bigint' ? String(x) : x)),
    values: r.values,
  }));
}
