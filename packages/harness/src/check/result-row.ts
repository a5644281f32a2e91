import type { CellValue, Value } from '../ops.js';

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

/** Rows as JSON-friendly values (bigints as decimal strings), for divergence reports. */
export function rowsJson(rows: readonly ResultRow[]): unknown[] {
  return rows.map((r) => ({
    ck: r.ck.map((x) => (typeof x === 'bigint' ? String(x) : x)),
    values: r.values,
  }));
}
