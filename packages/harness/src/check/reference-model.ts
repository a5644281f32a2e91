import type { CellValue, ClusteringRange, Op, ReadOp, Value } from '../generator/ops.js';
import type { WorkloadSpec } from '../generator/spec.js';
import { clusteringIndex, clusteringValue } from '../generator/values.js';
import type { ResultRow } from './result-row.js';

/**
 * The reference model of the model checker (Harry's QuiescentChecker idea): deliberately simple and independent of
 * the engine — no range lists, no bounds, no comparator, no runs. Written from the domain rules
 * (`shared/docs/cassandra-range-tombstones.md` §1–§5):
 * - a deletion at timestamp t shadows every write at a timestamp ≤ t it covers (ties go to the deletion);
 * - cells are last-write-wins; equal timestamps keep the larger value (Cassandra compares the value bytes);
 * - a column delete at t hides that column's writes at timestamps ≤ t (a deletion wins the tie), as a per-column
 *   floor; it never touches the row's liveness;
 * - INSERT gives the row a liveness, UPDATE only cells: a row is returned while its liveness or a cell is live (an
 *   INSERTed row with every column deleted is still returned, an UPDATEd one is not);
 * - a range covers the rows whose clustering satisfies its CQL relation, in value order.
 *
 * Rows live in a dense per-partition index space (mixed radix over the clustering columns' value indexes); a range
 * is then one interval of row indexes, so a range delete raises the deletion floor of each row it covers. Flush
 * and compaction change nothing visible (tombstones are only purged when nothing they shadow remains — the checker
 * refuses specs where that would not hold), so the model ignores them.
 */
export class ReferenceModel {
  readonly #spec: WorkloadSpec;
  readonly #cards: number[];
  readonly #strides: number[];
  readonly #rows: number;
  readonly #columns: string[];
  readonly #partitions = new Map<string, ModelPartition>();
  /** Clustering-order position of every row index, and its clustering values (both computed once). */
  readonly #ranks: Int32Array;
  readonly #byRank: Int32Array;
  readonly #clusterings: (readonly Value[])[];

  constructor(spec: WorkloadSpec) {
    this.#spec = spec;
    this.#cards = spec.schema.clustering.map((c) => c.cardinality);
    this.#strides = this.#cards.map((_, j) => this.#cards.slice(j + 1).reduce((a, b) => a * b, 1));
    this.#rows = this.#cards.reduce((a, b) => a * b, 1);
    this.#columns = spec.schema.columns.map((c) => c.name);
    this.#ranks = new Int32Array(this.#rows);
    this.#byRank = new Int32Array(this.#rows);
    this.#clusterings = new Array(this.#rows);
    for (let r = 0; r < this.#rows; r++) {
      this.#ranks[r] = this.#rank(r);
      this.#byRank[this.#ranks[r]!] = r;
      this.#clusterings[r] = spec.schema.clustering.map((c, j) =>
        clusteringValue(c, Math.floor(r / this.#strides[j]!) % this.#cards[j]!),
      );
    }
  }

  /** Applies a write or deletion; reads, flushes and compactions change nothing. */
  apply(op: Op): void {
    switch (op.kind) {
      case 'insert':
      case 'update': {
        const row = this.#partition(op.pk).row(this.#rowIndex(op.ck), this.#columns.length);
        if (op.kind === 'insert') row.liveness = Math.max(row.liveness, op.ts);
        for (const [name, value] of Object.entries(op.values)) {
          const c = this.#columns.indexOf(name);
          row.cells[c] = newer(row.cells[c], { ts: op.ts, value });
        }
        return;
      }
      case 'deleteRow':
        this.#partition(op.pk).raiseFloor(
          this.#rowIndex(op.ck),
          this.#rowIndex(op.ck) + 1,
          op.ts,
          this.#rows,
        );
        return;
      case 'deleteColumns': {
        const row = this.#partition(op.pk).row(this.#rowIndex(op.ck), this.#columns.length);
        for (const name of op.columns) {
          const c = this.#columns.indexOf(name);
          row.cellFloors[c] = Math.max(row.cellFloors[c] ?? Number.NEGATIVE_INFINITY, op.ts);
        }
        return;
      }
      case 'deleteRange': {
        const [from, to] = this.#interval(op.range);
        if (from < to) this.#partition(op.pk).raiseFloor(from, to, op.ts, this.#rows);
        return;
      }
      case 'deletePartition': {
        const p = this.#partition(op.pk);
        p.floor = Math.max(p.floor, op.ts);
        return;
      }
      default:
        return;
    }
  }

  /** What a read must return, in clustering order (or reversed). */
  read(op: ReadOp): ResultRow[] {
    const p = this.#partitions.get(op.pk);
    if (p === undefined) return [];
    if (op.kind === 'readRow') {
      const r = this.#rowIndex(op.ck);
      const row = this.#visible(p, r);
      return row === null ? [] : [row];
    }
    const [from, to] = op.kind === 'readSlice' ? this.#interval(op.range) : [0, this.#rows];
    const out: ResultRow[] = [];
    if (p.rows.size * 8 >= this.#rows) {
      // Dense enough: walk every row index in clustering order (no sort).
      for (let rank = 0; rank < this.#rows; rank++) {
        const r = this.#byRank[rank]!;
        if (r < from || r >= to) continue;
        const row = this.#visible(p, r);
        if (row !== null) out.push(row);
      }
    } else {
      const found: { rank: number; row: ResultRow }[] = [];
      for (const r of p.rows.keys()) {
        if (r < from || r >= to) continue;
        const row = this.#visible(p, r);
        if (row !== null) found.push({ rank: this.#ranks[r]!, row });
      }
      found.sort((a, b) => a.rank - b.rank);
      for (const x of found) out.push(x.row);
    }
    return op.reversed ? out.reverse() : out;
  }

  /** The partitions the model has seen, in first-write order. */
  keys(): string[] {
    return [...this.#partitions.keys()];
  }

  #partition(pk: string): ModelPartition {
    let p = this.#partitions.get(pk);
    if (p === undefined) {
      p = new ModelPartition();
      this.#partitions.set(pk, p);
    }
    return p;
  }

  #rowIndex(ck: readonly Value[]): number {
    let r = 0;
    ck.forEach((x, j) => {
      r += this.#indexOf(j, x) * this.#strides[j]!;
    });
    return r;
  }

  #indexOf(j: number, x: Value): number {
    const i = clusteringIndex(this.#spec.schema.clustering[j]!, x);
    if (i < 0) throw new RangeError(`the model does not know value ${String(x)} of clustering column ${j}`);
    return i;
  }

  /** The half-open interval of row indexes a CQL-shaped range covers (empty when from ≥ to). */
  #interval(range: ClusteringRange): [number, number] {
    const depth = range.prefix.length;
    let base = 0;
    range.prefix.forEach((x, j) => {
      base += this.#indexOf(j, x) * this.#strides[j]!;
    });
    const card = this.#cards[depth]!;
    const lo =
      range.lower === null ? 0 : this.#indexOf(depth, range.lower.value) + (range.lower.inclusive ? 0 : 1);
    const hi =
      range.upper === null
        ? card - 1
        : this.#indexOf(depth, range.upper.value) - (range.upper.inclusive ? 0 : 1);
    const stride = this.#strides[depth]!;
    return [base + lo * stride, base + (hi + 1) * stride];
  }

  /** Position of row `r` in clustering order: descending columns count their value indexes backwards. */
  #rank(r: number): number {
    let rank = 0;
    this.#spec.schema.clustering.forEach((c, j) => {
      const i = Math.floor(r / this.#strides[j]!) % this.#cards[j]!;
      rank += (c.reversed ? this.#cards[j]! - 1 - i : i) * this.#strides[j]!;
    });
    return rank;
  }

  #visible(p: ModelPartition, r: number): ResultRow | null {
    const row = p.rows.get(r);
    if (row === undefined) return null;
    const floor = Math.max(p.floor, p.floors?.[r] ?? Number.NEGATIVE_INFINITY);
    const values: Record<string, CellValue> = {};
    let live = row.liveness > floor;
    row.cells.forEach((cell, c) => {
      if (
        cell !== undefined &&
        cell.ts > floor &&
        cell.ts > (row.cellFloors[c] ?? Number.NEGATIVE_INFINITY)
      ) {
        values[this.#columns[c]!] = cell.value;
        live = true;
      }
    });
    return live ? { ck: this.#clusterings[r]!, values } : null;
  }
}

interface ModelCell {
  readonly ts: number;
  readonly value: CellValue;
}

/** Last write wins; on a timestamp tie the larger value (strings by code units = UTF-8 bytes for our values). */
function newer(old: ModelCell | undefined, cell: ModelCell): ModelCell {
  if (old === undefined || cell.ts > old.ts) return cell;
  if (cell.ts < old.ts) return old;
  return cell.value > old.value ? cell : old;
}

class ModelRow {
  liveness = Number.NEGATIVE_INFINITY;
  readonly cells: (ModelCell | undefined)[];
  readonly cellFloors: (number | undefined)[] = [];
  constructor(columns: number) {
    this.cells = new Array(columns);
  }
}

class ModelPartition {
  /** Partition deletion timestamp. */
  floor = Number.NEGATIVE_INFINITY;
  /** Per-row deletion floor (row and range deletions), allocated on the first deletion. */
  floors: Float64Array | null = null;
  readonly rows = new Map<number, ModelRow>();

  row(r: number, columns: number): ModelRow {
    let row = this.rows.get(r);
    if (row === undefined) {
      row = new ModelRow(columns);
      this.rows.set(r, row);
    }
    return row;
  }

  raiseFloor(from: number, to: number, ts: number, rows: number): void {
    if (this.floors === null) this.floors = new Float64Array(rows).fill(Number.NEGATIVE_INFINITY);
    for (let r = from; r < to; r++) if (this.floors[r]! < ts) this.floors[r] = ts;
  }
}
