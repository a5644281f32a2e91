import {
  type Clustering,
  type ClusteringComparator,
  DeletionTime,
  objectSize,
  primitiveArraySize,
  referenceArraySize,
  type SizeModel,
} from '@tombstone-lab/core';
import { checkTimestamp } from './argument-checks.js';
import { Cell, type CellValue } from './cell.js';
import { describeValue, PartitionArgumentError } from './errors.js';

/** One column of a row: its name and its cell. */
export interface ColumnCell {
  readonly column: string;
  readonly cell: Cell;
}

/**
 * An immutable row: a clustering, an optional primary-key liveness timestamp (what an INSERT writes, so a row with
 * only null columns still exists), a row deletion, and cells sorted by column name.
 *
 * As in Cassandra's row merge, a row never holds data its own deletion shadows: constructors and {@link Row.merge}
 * drop it. Partition-level and range deletions are applied later, by reads and compaction.
 */
export class Row {
  readonly clustering: Clustering;
  /** Timestamp of the primary-key liveness (INSERT), or null when the row was only UPDATEd or deleted. */
  readonly liveness: number | null;
  /** The row tombstone; `DeletionTime.LIVE` when the row is not deleted. */
  readonly deletion: DeletionTime;
  /** Cells sorted by column name, frozen. */
  readonly cells: readonly ColumnCell[];
  // Serialized size of the clustering, fixed at creation (the comparator knows the column types; rows do not keep it).
  readonly #clusteringSize: number;

  private constructor(
    clustering: Clustering,
    clusteringSize: number,
    liveness: number | null,
    deletion: DeletionTime,
    cells: readonly ColumnCell[],
  ) {
    this.clustering = clustering;
    this.#clusteringSize = clusteringSize;
    this.deletion = deletion;
    const live = deletion.isLive();
    this.liveness = liveness !== null && (live || !deletion.deletes(liveness)) ? liveness : null;
    this.cells = Object.freeze(live ? cells : cells.filter((c) => !deletion.deletes(c.cell.timestamp)));
    Object.freeze(this);
  }

  /**
   * An INSERT: primary-key liveness plus one cell per column, all at `timestamp`.
   * The clustering is validated against the comparator (a full clustering: one value per clustering column).
   */
  static insert(
    comparator: ClusteringComparator,
    clustering: Clustering,
    values: Readonly<Record<string, CellValue>>,
    timestamp: number,
  ): Row {
    checkTimestamp(timestamp);
    const c = checkClustering(comparator, clustering);
    return new Row(c, comparator.dataSize(c), timestamp, DeletionTime.LIVE, toCells(values, timestamp));
  }

  /** An UPDATE: cells only, no primary-key liveness (the row disappears when all its cells are deleted). */
  static update(
    comparator: ClusteringComparator,
    clustering: Clustering,
    values: Readonly<Record<string, CellValue>>,
    timestamp: number,
  ): Row {
    checkTimestamp(timestamp);
    const c = checkClustering(comparator, clustering);
    return new Row(c, comparator.dataSize(c), null, DeletionTime.LIVE, toCells(values, timestamp));
  }

  /** A row deletion (`DELETE … WHERE <full primary key>`). */
  static deleted(comparator: ClusteringComparator, clustering: Clustering, deletion: DeletionTime): Row {
    if (!(deletion instanceof DeletionTime) || deletion.isLive()) {
      throw new PartitionArgumentError(
        `a row deletion needs a non-LIVE DeletionTime, got ${describeValue(deletion)}`,
      );
    }
    checkTimestamp(deletion.markedForDeleteAt, 'row deletion timestamp');
    const c = checkClustering(comparator, clustering);
    return new Row(c, comparator.dataSize(c), null, deletion, []);
  }

  /** Merges two versions of the same row (same clustering): newest deletion, newest liveness, reconciled cells. */
  static merge(a: Row, b: Row): Row {
    const deletion = b.deletion.supersedes(a.deletion) ? b.deletion : a.deletion;
    const liveness =
      a.liveness === null ? b.liveness : b.liveness === null ? a.liveness : Math.max(a.liveness, b.liveness);
    const cells: ColumnCell[] = [];
    let i = 0;
    let j = 0;
    while (i < a.cells.length || j < b.cells.length) {
      const x = a.cells[i];
      const y = b.cells[j];
      if (y === undefined || (x !== undefined && x.column < y.column)) {
        cells.push(x!);
        i++;
      } else if (x === undefined || y.column < x.column) {
        cells.push(y);
        j++;
      } else {
        const winner = Cell.reconcile(x.cell, y.cell);
        cells.push(winner === x.cell ? x : y);
        i++;
        j++;
      }
    }
    return new Row(a.clustering, a.#clusteringSize, liveness, deletion, cells);
  }

  /**
   * This row as seen under an outer deletion (partition or range tombstone covering it): data the outer deletion
   * shadows is removed. When `dropShadowedDeletion` is set, a row deletion the outer one supersedes is dropped too
   * (compaction does this; the outer deletion already covers everything the row deletion did).
   * Returns null when nothing (no data, no deletion) is left.
   */
  under(outer: DeletionTime, dropShadowedDeletion = false): Row | null {
    if (outer.isLive()) return this;
    let deletion = this.deletion;
    // Cassandra drops it only when the outer deletion supersedes it (an exact tie is kept, as for range tombstones).
    if (dropShadowedDeletion && !deletion.isLive() && outer.supersedes(deletion)) {
      deletion = DeletionTime.LIVE;
    }
    const liveness = this.liveness !== null && !outer.deletes(this.liveness) ? this.liveness : null;
    const cells = this.cells.filter((c) => !outer.deletes(c.cell.timestamp));
    if (liveness === null && cells.length === 0 && deletion.isLive()) return null;
    if (liveness === this.liveness && cells.length === this.cells.length && deletion === this.deletion)
      return this;
    return new Row(this.clustering, this.#clusteringSize, liveness, deletion, cells);
  }

  /** This row without its row deletion (data it shadowed is already gone). Null if nothing else remains. */
  withoutDeletion(): Row | null {
    if (this.liveness === null && this.cells.length === 0) return null;
    return new Row(this.clustering, this.#clusteringSize, this.liveness, DeletionTime.LIVE, this.cells);
  }

  /** True when the row has live data (liveness or a cell) — i.e. a read would return it. */
  hasLiveData(): boolean {
    return this.liveness !== null || this.cells.length > 0;
  }

  /** The value of a column, or undefined. */
  get(column: string): CellValue | undefined {
    return this.cells.find((c) => c.column === column)?.cell.value;
  }

  /** The cells as a plain `{ column: value }` object. */
  values(): Record<string, CellValue> {
    const out: Record<string, CellValue> = {};
    for (const { column, cell } of this.cells) out[column] = cell.value;
    return out;
  }

  /** Smallest timestamp this row carries (liveness, cells, row deletion), or `Infinity` when none. */
  minTimestamp(): number {
    let min = this.deletion.isLive() ? Number.POSITIVE_INFINITY : this.deletion.markedForDeleteAt;
    if (this.liveness !== null) min = Math.min(min, this.liveness);
    for (const { cell } of this.cells) min = Math.min(min, cell.timestamp);
    return min;
  }

  /** Largest timestamp this row carries, or `-Infinity` when none. */
  maxTimestamp(): number {
    let max = this.deletion.isLive() ? Number.NEGATIVE_INFINITY : this.deletion.markedForDeleteAt;
    if (this.liveness !== null) max = Math.max(max, this.liveness);
    for (const { cell } of this.cells) max = Math.max(max, cell.timestamp);
    return max;
  }

  /** Serialized size: clustering bytes, 8 for liveness, the deletion's data size, and the cells. */
  dataSize(): number {
    let size = this.#clusteringSize;
    if (this.liveness !== null) size += 8;
    if (!this.deletion.isLive()) size += this.deletion.dataSize();
    for (const { column, cell } of this.cells) size += column.length + cell.dataSize();
    return size;
  }

  /**
   * Heap held by this row alone under `model`, shaped like Cassandra's `BTreeRow`: the row object (clustering,
   * liveness, deletion and cell-array references plus a long), the clustering (an array of boxed values), a liveness
   * object when present, a deletion object when not LIVE, the cell array and the cells. Column names are interned
   * table metadata and are not charged.
   */
  unsharedHeapSize(model: SizeModel): number {
    let size = objectSize(model, 4, 8) + referenceArraySize(model, this.clustering.length);
    size += this.clustering.length * model.valueOverhead + primitiveArraySize(model, this.#clusteringSize, 1);
    if (this.liveness !== null) size += objectSize(model, 0, 8);
    if (!this.deletion.isLive()) size += objectSize(model, 0, 12);
    size += referenceArraySize(model, this.cells.length);
    for (const { cell } of this.cells) size += cell.unsharedHeapSize(model);
    return size;
  }
}

function toCells(values: Readonly<Record<string, CellValue>>, timestamp: number): ColumnCell[] {
  if (values === null || typeof values !== 'object') {
    throw new PartitionArgumentError(
      `row values must be an object of column → value, got ${describeValue(values)}`,
    );
  }
  return Object.keys(values)
    .sort()
    .map((column) => ({ column, cell: new Cell(column, values[column], timestamp) }));
}

function checkClustering(comparator: ClusteringComparator, clustering: Clustering): Clustering {
  comparator.validateClustering(clustering);
  return Object.freeze([...clustering]);
}
