import {
  type Clustering,
  ClusteringComparator,
  type ClusteringValue,
  type ColumnType,
  DeletionTime,
  type SizeModel,
} from '@tombstone-lab/core';
import {
  DATA_SIZE,
  DELETES,
  objectSize,
  primitiveArraySize,
  referenceArraySize,
  SUPERSEDES,
} from '@tombstone-lab/core/internal';
import { checkFlag, checkPlainObject, checkSizeModel, checkTimestamp } from '../argument-checks.js';
import { describeValue, PartitionArgumentError } from '../errors.js';
import { Cell, type CellValue, cellHeapSize, reconcileCells } from './cell.js';

/**
 * The key of a row's copy of its first clustering value, read by the row tree's probes (`row-tree.ts`). Why a copy on
 * the row: a probe of `row.clustering[0]` follows two more pointers (the array, then its elements), each a cache miss
 * on a big partition's cold rows, and a random-key write probes ~19 rows. Measured on 10^5 random-key writes into one
 * partition (CPU time, in-process, load 11): 5.0–5.5 µs per write probing the array, 3.5 µs with this copy.
 * A symbol, not exported from the package: the copy is an internal of the write path, not part of a row's shape.
 */
export const FIRST_CLUSTERING_VALUE: unique symbol = Symbol('firstClusteringValue');
/** @internal The unchecked `under` of the read and compaction loops (not exported from the package). */
export const UNDER: unique symbol = Symbol('under');
/** @internal The unchecked `merge` of the memtable's upsert and the read and compaction row merges (not exported). */
export const MERGE: unique symbol = Symbol('merge');

/** @internal The unchecked {@link Row.withoutCellTombstones} compaction's per-row loop calls. */
export const PURGE_CELLS: unique symbol = Symbol('purgeCells');

/** Whether two clusterings hold the same values (bytes compared by content). */
function sameClustering(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    if (!(x instanceof Uint8Array && y instanceof Uint8Array) || x.length !== y.length) return false;
    if (x.some((byte, j) => byte !== y[j])) return false;
  }
  return true;
}
/** @internal The unchecked `unsharedHeapSize` of a write's heap delta and a partition's sum (not exported). */
export const HEAP_SIZE: unique symbol = Symbol('unsharedHeapSize');

/** Node's custom inspection hook (a registered symbol: no `node:util` import). */
const INSPECT: unique symbol = Symbol.for('nodejs.util.inspect.custom');
type Inspect = (value: unknown, options: object) => string;

/**
 * An immutable row: a clustering, an optional primary-key liveness timestamp (what an INSERT writes, so a row with
 * only null or deleted columns still exists), a row deletion, and cells sorted by column name — live cells and cell
 * tombstones (a column delete), reconciled per column by {@link Cell.reconcile}.
 *
 * As in Cassandra's row merge, a row never holds data its own deletion shadows: constructors and {@link Row.merge}
 * drop it. Partition-level and range deletions are applied later, by reads and compaction.
 */
export class Row {
  // The clustering array, or null for a one-column clustering, whose value is FIRST_CLUSTERING_VALUE's: the array is
  // built on the first read of `clustering` (ONE-COLUMN ROWS, below).
  #clustering: Clustering | null;
  /** @internal `clustering[0]` (undefined for an empty clustering): see {@link FIRST_CLUSTERING_VALUE}. */
  readonly [FIRST_CLUSTERING_VALUE]: ClusteringValue | undefined;
  /** Timestamp of the primary-key liveness (INSERT), or null when the row was only UPDATEd or deleted. */
  readonly liveness: number | null;
  /** The row tombstone; `DeletionTime.LIVE` when the row is not deleted. */
  readonly deletion: DeletionTime;
  // The cells, or the one cell of a one-column row alone (ONE-COLUMN ROWS, below).
  #cells: Cell | readonly Cell[];
  // Serialized size of the clustering, fixed at creation (the comparator knows the column types; rows do not keep it),
  // bitwise-negated (~size) when `cells` may hold a cell tombstone (SHAPE, below).
  readonly #shape: number;

  /** `shape`: the clustering size, negated when `cells` may hold a cell tombstone (SHAPE, below). */
  private constructor(
    clustering: Clustering | null,
    first: ClusteringValue | undefined,
    shape: number,
    liveness: number | null,
    deletion: DeletionTime,
    cells: Cell | readonly Cell[],
  ) {
    this.#clustering = clustering;
    this[FIRST_CLUSTERING_VALUE] = first;
    this.deletion = deletion;
    const live = deletion.isLive();
    // Unchecked deletes (once per cell): the timestamps were checked when their liveness and cells were written.
    this.liveness = liveness !== null && (live || !deletion[DELETES](liveness)) ? liveness : null;
    this.#cells = compact(live ? cells : listOf(cells).filter((c) => !deletion[DELETES](c.timestamp)));
    this.#shape = shape;
    Object.freeze(this);
  }

  /** Cells (live ones and cell tombstones, each naming its {@link Cell.column}) sorted by column name, frozen. */
  get cells(): readonly Cell[] {
    const cells = this.#cells;
    if (!(cells instanceof Cell)) return cells;
    // Built once: the same array on every read.
    const list = Object.freeze([cells]);
    this.#cells = list;
    return list;
  }

  /** The clustering values, one per clustering column (frozen). */
  get clustering(): Clustering {
    // A private field is not a property: the frozen row can still cache the array it builds.
    this.#clustering ??= Object.freeze([this[FIRST_CLUSTERING_VALUE] as ClusteringValue]);
    return this.#clustering;
  }

  /**
   * An INSERT: primary-key liveness plus one cell per column, all at `timestamp`.
   * The clustering is validated against the comparator (a full clustering: one value per clustering column).
   * @throws PartitionArgumentError for a bad timestamp, or `values` that are not a plain object (a Map, Date, array
   *   or class instance would lose its data or invent columns).
   */
  static insert(
    comparator: ClusteringComparator,
    clustering: Clustering,
    values: Readonly<Record<string, CellValue>>,
    timestamp: number,
  ): Row {
    checkTimestamp(timestamp);
    const { own, first, size } = ownClustering(comparator, clustering);
    const cells = toCells(values, timestamp);
    return new Row(own, first, size, timestamp, DeletionTime.LIVE, cells);
  }

  /**
   * An UPDATE: cells only, no primary-key liveness (the row disappears when all its cells are deleted).
   * @throws PartitionArgumentError as {@link insert}.
   */
  static update(
    comparator: ClusteringComparator,
    clustering: Clustering,
    values: Readonly<Record<string, CellValue>>,
    timestamp: number,
  ): Row {
    checkTimestamp(timestamp);
    const { own, first, size } = ownClustering(comparator, clustering);
    const cells = toCells(values, timestamp);
    return new Row(own, first, size, null, DeletionTime.LIVE, cells);
  }

  /** A row deletion (`DELETE … WHERE <full primary key>`). */
  static deleted(comparator: ClusteringComparator, clustering: Clustering, deletion: DeletionTime): Row {
    if (!(deletion instanceof DeletionTime) || deletion.isLive()) {
      throw new PartitionArgumentError(
        `a row deletion needs a non-LIVE DeletionTime, got ${describeValue(deletion)}`,
      );
    }
    checkTimestamp(deletion.markedForDeleteAt, 'row deletion timestamp');
    const { own, first, size } = ownClustering(comparator, clustering);
    return new Row(own, first, size, null, deletion, NO_CELLS);
  }

  /**
   * A column deletion (`DELETE c1, c2 FROM … WHERE <full primary key>`): one cell tombstone per column, no liveness.
   * @throws PartitionArgumentError for a column list that is not a non-empty array of distinct, non-empty names, or
   *   a bad timestamp / local deletion time (see {@link Cell.tombstone}).
   */
  static deletedColumns(
    comparator: ClusteringComparator,
    clustering: Clustering,
    columns: readonly string[],
    timestamp: number,
    localDeletionTime: number,
  ): Row {
    const names = checkColumnList(columns);
    const cells = names.map((column) => Cell.tombstone(column, timestamp, localDeletionTime));
    const { own, first, size } = ownClustering(comparator, clustering);
    return new Row(own, first, ~size, null, DeletionTime.LIVE, cells);
  }

  /**
   * Merges two versions of the same row (same clustering): newest deletion, newest liveness, reconciled cells.
   * @throws PartitionArgumentError when `a` or `b` is not a Row (`null` threw a plain TypeError).
   */
  static merge(a: Row, b: Row): Row {
    if (!(a instanceof Row))
      throw new PartitionArgumentError(`Row.merge a must be a Row, got ${describeValue(a)}`);
    if (!(b instanceof Row))
      throw new PartitionArgumentError(`Row.merge b must be a Row, got ${describeValue(b)}`);
    // Rows of two clusterings were merged into the first's (its cells overwritten by the other row's). A row keeps no
    // comparator, so a row of another table shows as a clustering of another length or values.
    if (!sameClustering(a.clustering, b.clustering)) {
      throw new PartitionArgumentError(
        `Row.merge needs two versions of one row, got clusterings ${describeValue(a.clustering)} and ${describeValue(b.clustering)}`,
      );
    }
    return Row[MERGE](a, b);
  }

  /**
   * @internal {@link merge} unchecked: the memtable's upsert merges every write into the row it replaces, and reads
   * and compaction merge every version of a row, all with rows they hold.
   */
  static [MERGE](a: Row, b: Row): Row {
    const deletion = b.deletion[SUPERSEDES](a.deletion) ? b.deletion : a.deletion;
    const liveness =
      a.liveness === null ? b.liveness : b.liveness === null ? a.liveness : Math.max(a.liveness, b.liveness);
    const cells: Cell[] = [];
    const as = a.#cells;
    const bs = b.#cells;
    const an = countOf(as);
    const bn = countOf(bs);
    let i = 0;
    let j = 0;
    while (i < an || j < bn) {
      const x = i < an ? cellAt(as, i) : undefined;
      const y = j < bn ? cellAt(bs, j) : undefined;
      if (y === undefined || (x !== undefined && x.column < y.column)) {
        cells.push(x!);
        i++;
      } else if (x === undefined || y.column < x.column) {
        cells.push(y);
        j++;
      } else {
        cells.push(reconcileCells(x, y));
        i++;
        j++;
      }
    }
    const shape = a.#shape < 0 || b.#shape < 0 ? ~sizeOf(a.#shape) : sizeOf(a.#shape);
    return new Row(a.#clustering, a[FIRST_CLUSTERING_VALUE], shape, liveness, deletion, cells);
  }

  /**
   * This row as seen under an outer deletion (partition or range tombstone covering it): data the outer deletion
   * shadows is removed. When `dropShadowedDeletion` is set, a row deletion the outer one supersedes is dropped too
   * (compaction does this; the outer deletion already covers everything the row deletion did).
   * Returns null when nothing (no data, no deletion) is left.
   * @throws PartitionArgumentError when `outer` is not a DeletionTime or `dropShadowedDeletion` is not a boolean.
   */
  under(outer: DeletionTime, dropShadowedDeletion = false): Row | null {
    if (!(outer instanceof DeletionTime)) {
      throw new PartitionArgumentError(`under needs a DeletionTime, got ${describeValue(outer)}`);
    }
    checkFlag(dropShadowedDeletion, false, 'under dropShadowedDeletion');
    return this[UNDER](outer, dropShadowedDeletion);
  }

  /**
   * @internal `under` without the argument checks, for the read and compaction loops that call it once per row with
   * values they built: the two checks cost a slice read of 100 rows +7.0% [+1.1%, +11.4%] (RowReadsBench.sliceRead,
   * n = 10000, against cf70673, 2026-12-02).
   */
  [UNDER](outer: DeletionTime, dropShadowedDeletion: boolean): Row | null {
    if (outer.isLive()) return this;
    let deletion = this.deletion;
    // Cassandra drops it only when the outer deletion supersedes it (an exact tie is kept, as for range tombstones).
    if (dropShadowedDeletion && !deletion.isLive() && outer[SUPERSEDES](deletion)) {
      deletion = DeletionTime.LIVE;
    }
    const liveness = this.liveness !== null && !outer[DELETES](this.liveness) ? this.liveness : null;
    const cells = listOf(this.#cells).filter((c) => !outer[DELETES](c.timestamp));
    if (liveness === null && cells.length === 0 && deletion.isLive()) return null;
    if (liveness === this.liveness && cells.length === countOf(this.#cells) && deletion === this.deletion)
      return this;
    return new Row(this.#clustering, this[FIRST_CLUSTERING_VALUE], this.#shape, liveness, deletion, cells);
  }

  /** This row without its row deletion (data it shadowed is already gone). Null if nothing else remains. */
  withoutDeletion(): Row | null {
    if (this.liveness === null && countOf(this.#cells) === 0) return null;
    return new Row(
      this.#clustering,
      this[FIRST_CLUSTERING_VALUE],
      this.#shape,
      this.liveness,
      DeletionTime.LIVE,
      this.#cells,
    );
  }

  /**
   * This row without the cell tombstones `purgeable` accepts (compaction's gc, the same predicate as for row and
   * range tombstones), with how many were purged and kept. `row` is null when nothing (liveness, cell or row
   * deletion) is left.
   */
  withoutCellTombstones(purgeable: (timestamp: number, localDeletionTime: number) => boolean): {
    readonly row: Row | null;
    readonly purged: number;
    readonly kept: number;
  } {
    // `'x'` was kept and called only when a cell tombstone came: a plain TypeError then, silence before.
    if (typeof purgeable !== 'function') {
      throw new PartitionArgumentError(
        `withoutCellTombstones needs a function (timestamp, localDeletionTime) => boolean, got ${describeValue(purgeable)}`,
      );
    }
    return this[PURGE_CELLS](purgeable);
  }

  /** @internal {@link withoutCellTombstones} unchecked: compaction's per-row loop passes its purger's predicate. */
  [PURGE_CELLS](purgeable: (timestamp: number, localDeletionTime: number) => boolean): {
    readonly row: Row | null;
    readonly purged: number;
    readonly kept: number;
  } {
    let purged = 0;
    let kept = 0;
    const cells = listOf(this.#cells).filter((cell) => {
      if (cell.value !== null) return true;
      if (purgeable(cell.timestamp, cell.localDeletionTime)) {
        purged++;
        return false;
      }
      kept++;
      return true;
    });
    if (purged === 0) return { row: this, purged, kept };
    if (this.liveness === null && cells.length === 0 && this.deletion.isLive())
      return { row: null, purged, kept };
    return {
      row: new Row(
        this.#clustering,
        this[FIRST_CLUSTERING_VALUE],
        this.#shape,
        this.liveness,
        this.deletion,
        cells,
      ),
      purged,
      kept,
    };
  }

  /**
   * True when a read would return the row: it has primary-key liveness (an INSERT: the row exists even with every
   * column deleted) or a live cell. Cell tombstones alone do not make a row visible (an UPDATEd row whose cells
   * are all deleted disappears).
   */
  hasLiveData(): boolean {
    return this.liveness !== null || countOf(this.#cells) > this.cellTombstoneCount();
  }

  /**
   * What a read returns for this row (deletions already applied): no row deletion, no cell tombstones, or null when
   * it has no live data.
   */
  live(): Row | null {
    // O(1) for a row without cell tombstones, which the row knows from its creation (SHAPE, below).
    const tombstones = this.cellTombstoneCount();
    if (this.liveness === null && tombstones === countOf(this.#cells)) return null;
    if (tombstones === 0) return this.deletion.isLive() ? this : this.withCells(this.#cells);
    return this.withCells(listOf(this.#cells).filter((cell) => cell.value !== null));
  }

  // TypeScript-private, not `#`: a class with a `#` method brands every instance it constructs (one more store per
  // row made on the write path).
  /** This row's clustering and liveness with `cells` (live ones only) and no deletion. */
  private withCells(cells: Cell | readonly Cell[]): Row {
    return new Row(
      this.#clustering,
      this[FIRST_CLUSTERING_VALUE],
      sizeOf(this.#shape),
      this.liveness,
      DeletionTime.LIVE,
      cells,
    );
  }

  /**
   * The value of a column, or undefined (also when its cell is a tombstone).
   * @throws PartitionArgumentError for a column that is not a string (`get(5)` answered undefined).
   */
  get(column: string): CellValue | undefined {
    const cell = listOf(this.#cells).find((c) => c.column === column);
    // Checked only when no cell matched: a found column is a string (every cell's is), so a hit pays nothing.
    if (cell === undefined && typeof column !== 'string') {
      throw new PartitionArgumentError(`Row.get column must be a string, got ${describeValue(column)}`);
    }
    return cell?.value ?? undefined;
  }

  /** The live cells as a plain `{ column: value }` object (cell tombstones are left out). */
  values(): Record<string, CellValue> {
    const out: Record<string, CellValue> = {};
    const cells = this.#cells;
    for (let i = 0; i < countOf(cells); i++) {
      const cell = cellAt(cells, i);
      if (cell.value === null) continue;
      // An assignment to `__proto__` would set the prototype (a Uint8Array value) or be ignored (any other value).
      if (cell.column === '__proto__') Object.defineProperty(out, cell.column, ownValue(cell.value));
      else out[cell.column] = cell.value;
    }
    return out;
  }

  /**
   * The row's fields as `JSON.stringify` shows them: `clustering` and `cells` are getters (ONE-COLUMN ROWS), which
   * JSON and `console.log` skip. Builds nothing the row keeps (the getters cache their arrays; this does not).
   */
  toJSON(): {
    clustering: Clustering;
    liveness: number | null;
    deletion: DeletionTime;
    cells: readonly Cell[];
  } {
    const clustering = this.#clustering ?? [this[FIRST_CLUSTERING_VALUE] as ClusteringValue];
    return { clustering, liveness: this.liveness, deletion: this.deletion, cells: listOf(this.#cells) };
  }

  /**
   * `console.log` / `util.inspect`: `Row` and the fields of {@link toJSON}, nested as deep as a plain object's would be
   * (`depth` is the depth left here, null for unlimited).
   */
  [INSPECT](depth: number | null, options: object, inspect: Inspect): string {
    if (depth !== null && depth < 0) return '[Row]';
    return `Row ${inspect(this.toJSON(), { ...options, depth })}`;
  }

  /** Number of cell tombstones. */
  cellTombstoneCount(): number {
    if (this.#shape >= 0) return 0;
    const cells = this.#cells;
    let n = 0;
    for (let i = 0; i < countOf(cells); i++) if (cellAt(cells, i).value === null) n++;
    return n;
  }

  /** Smallest timestamp this row carries (liveness, cells, row deletion), or `Infinity` when none. */
  minTimestamp(): number {
    let min = this.deletion.isLive() ? Number.POSITIVE_INFINITY : this.deletion.markedForDeleteAt;
    if (this.liveness !== null) min = Math.min(min, this.liveness);
    const cells = this.#cells;
    for (let i = 0; i < countOf(cells); i++) min = Math.min(min, cellAt(cells, i).timestamp);
    return min;
  }

  /** Largest timestamp this row carries, or `-Infinity` when none. */
  maxTimestamp(): number {
    let max = this.deletion.isLive() ? Number.NEGATIVE_INFINITY : this.deletion.markedForDeleteAt;
    if (this.liveness !== null) max = Math.max(max, this.liveness);
    const cells = this.#cells;
    for (let i = 0; i < countOf(cells); i++) max = Math.max(max, cellAt(cells, i).timestamp);
    return max;
  }

  /** Serialized size: clustering bytes, 8 for liveness, the deletion's data size, and the cells. */
  dataSize(): number {
    let size = sizeOf(this.#shape);
    if (this.liveness !== null) size += 8;
    if (!this.deletion.isLive()) size += this.deletion.dataSize();
    const cells = this.#cells;
    for (let i = 0; i < countOf(cells); i++) {
      const cell = cellAt(cells, i);
      size += cell.column.length + cell.dataSize();
    }
    return size;
  }

  /**
   * Heap held by this row alone under `model`, shaped like Cassandra's `BTreeRow`: the row object (clustering,
   * liveness, deletion and cell-array references plus a long), the clustering (an array of boxed values), a liveness
   * object when present, a deletion object when not LIVE, the cell array and the cells. Column names are interned
   * table metadata and are not charged.
   */
  unsharedHeapSize(model: SizeModel): number {
    return this[HEAP_SIZE](checkSizeModel(model, 'Row.unsharedHeapSize'));
  }

  /**
   * @internal {@link unsharedHeapSize} unchecked, under the table's model (validated with its options): the memtable
   * charges every write's row before and after it, and a partition sums every row.
   */
  [HEAP_SIZE](model: SizeModel): number {
    const columns = this.#clustering === null ? 1 : this.#clustering.length;
    let size = objectSize(model, 4, 8) + referenceArraySize(model, columns);
    size += columns * model.valueOverhead + primitiveArraySize(model, sizeOf(this.#shape), 1);
    if (this.liveness !== null) size += objectSize(model, 0, 8);
    if (!this.deletion.isLive()) size += objectSize(model, 0, 12);
    const cells = this.#cells;
    size += referenceArraySize(model, countOf(cells));
    for (let i = 0; i < countOf(cells); i++) size += cellHeapSize(cellAt(cells, i), model);
    return size;
  }
}

/*
 * SHAPE: whether a row may hold a cell tombstone is kept in the sign of its clustering size, fixed at creation (rows
 * are immutable), so live(), hasLiveData() and cellTombstoneCount() need not look at the cells of a row that cannot —
 * reads ask every row they return. Counting there (one indexed pass, 7c1e3ad) kept a 100-row slice read of a
 * 10^5-row partition at 5.4 µs against 4.4 µs before cell tombstones (CPU time, in-process). The flag is set by a
 * column delete and carried by merges and subsets of a flagged row, never checked by the constructor (a flagged row
 * whose tombstones were dropped only takes the counting path). Measured on 10^5 row writes into one partition against
 * the rows before (CPU time, load 3–8): a seventh field for the count cost random keys +7.4% (Lost, p = 0.035), the
 * flag checked in the constructor +11% (Lost, p = 0.023); this way −1.7% random, +4.0% sequential (both Held).
 */
function sizeOf(shape: number): number {
  return shape < 0 ? ~shape : shape;
}

function ownValue(value: CellValue): PropertyDescriptor {
  return { value, enumerable: true, writable: true, configurable: true };
}

const NO_CELLS: readonly Cell[] = Object.freeze([]);

/** A row's cells as it keeps them: one cell alone, no cells as the shared empty array, else the frozen array. */
function compact(cells: Cell | readonly Cell[]): Cell | readonly Cell[] {
  if (cells instanceof Cell) return cells;
  if (cells.length === 1) return cells[0] as Cell;
  return cells.length === 0 ? NO_CELLS : Object.freeze(cells);
}

function countOf(cells: Cell | readonly Cell[]): number {
  return cells instanceof Cell ? 1 : cells.length;
}

function cellAt(cells: Cell | readonly Cell[], i: number): Cell {
  return cells instanceof Cell ? cells : (cells[i] as Cell);
}

/** The cells as an array: a new one for a lone cell (the paths that filter or search). */
function listOf(cells: Cell | readonly Cell[]): readonly Cell[] {
  return cells instanceof Cell ? [cells] : cells;
}

/*
 * ONE-COLUMN ROWS: a row keeps no arrays it does not need. With one clustering column it keeps the value alone
 * (FIRST_CLUSTERING_VALUE) and builds the frozen `clustering` array on the first read of it; with one cell it keeps
 * the cell alone and builds `cells` the same way (once: later reads return the same array). Why: a memtable keeps
 * every row it is written, and once a partition's rows outgrow V8's young generation every retained object is copied
 * by the scavenges that find it alive, then promoted: 36% of a 10^5-row write's CPU time was GC (issue 13). An
 * INSERT of one value into a one-column table kept 7 objects (row, clustering array and its store, cell array and its
 * store, a {column, cell} wrapper, cell), 272 bytes; it now keeps 2 (row, cell), 128 bytes. With the write path's
 * garbage cut too (976 → 452 bytes allocated per write, V8's heap profiler), `bench/row-writes.bench.ts` against
 * 7c87359 (CPU time, -n 6, load 1.4–2.2): 10^5 writes −38% sequential, −32% random, and the fitted growth over
 * N = 10^3 … 10^5 went from O(N^1.17) to O(N^1.10) sequential, O(N^1.19) to O(N^1.13) random.
 */
function toCells(values: Readonly<Record<string, CellValue>>, timestamp: number): Cell | Cell[] {
  checkPlainObject(values, 'row values (column → value)');
  // One column (most writes): found without Object.keys's array. for-in walks the same own enumerable string keys
  // (plus inherited ones, skipped here) from the map's enum cache. It also asks every prototype for its keys, which
  // Object.keys never does: one that refuses (a Proxy, a revoked one) leaves the answer to Object.keys, as before.
  let count = 0;
  let only = '';
  try {
    for (const column in values) {
      if (!Object.hasOwn(values, column)) continue;
      if (++count > 1) break;
      only = column;
    }
  } catch {
    count = 0;
  }
  if (count === 1) return new Cell(only, values[only], timestamp);
  return Object.keys(values)
    .sort()
    .map((column) => new Cell(column, values[column], timestamp));
}

function checkColumnList(columns: unknown): string[] {
  if (!Array.isArray(columns) || columns.length === 0) {
    throw new PartitionArgumentError(
      `deleteColumns needs a non-empty array of column names, got ${describeValue(columns)}`,
    );
  }
  for (const column of columns) {
    if (typeof column !== 'string' || column.length === 0) {
      throw new PartitionArgumentError(
        `deleteColumns column names must be non-empty strings, got ${describeValue(column)}`,
      );
    }
  }
  const sorted = [...(columns as string[])].sort();
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i] === sorted[i - 1]) {
      throw new PartitionArgumentError(`deleteColumns names column ${describeValue(sorted[i])} twice`);
    }
  }
  return sorted;
}

/*
 * THE CALLER'S CLUSTERING is read once per value: the row validates that read and keeps it (its own frozen copy, or
 * for one column the value alone, ONE-COLUMN ROWS). Why once: a Proxy or an index getter may answer each read
 * differently. Validating one read and keeping another let a one-column row keep a value its type rejects, and a
 * two-column row whose first value was read again after the copy sat in the tree by that value (the probe key,
 * FIRST_CLUSTERING_VALUE) while reading as its copy: reads came out of order and a later write of its clustering
 * became a second row (row.test.ts).
 */
/** {@link ownClustering}'s answer, one object reused (no result object per row): read its fields at once. */
const OWN: { own: Clustering | null; first: ClusteringValue | undefined; size: number } = {
  own: null,
  first: undefined,
  size: 0,
};

/**
 * A row's validated clustering (THE CALLER'S CLUSTERING): the row's own copy (null for one column), its first value
 * and its serialized size.
 * @throws core's InvalidClusteringValueError, as `validateClustering`, for a non-array, the wrong number of values or
 *   a value its column type rejects.
 */
function ownClustering(comparator: ClusteringComparator, clustering: Clustering): typeof OWN {
  // `Row.insert(null, …)` failed reading `null.size` with a plain TypeError.
  if (!(comparator instanceof ClusteringComparator)) {
    throw new PartitionArgumentError(
      `a row needs its table's ClusteringComparator, got ${describeValue(comparator)}`,
    );
  }
  // The shape (an array of the right length) is core's check; it reads no value when it passes.
  if (!Array.isArray(clustering) || clustering.length !== comparator.size)
    comparator.validateClustering(clustering);
  if (comparator.size === 1) {
    const first = clustering[0] as ClusteringValue;
    const type = comparator.types[0] as ColumnType;
    // Core's message for a rejected value; the array is built only to throw.
    if (first !== null && !type.accepts(first)) comparator.validateClustering([first]);
    OWN.own = null;
    OWN.first = first;
    OWN.size = first === null ? 0 : type.dataSize(first);
    return OWN;
  }
  // A spread, as before: an exact-size copy (a push onto [] reserves 16 slots, and the row keeps this array).
  const own = [...clustering];
  comparator.validateClustering(own);
  OWN.own = Object.freeze(own);
  OWN.first = own[0];
  OWN.size = comparator[DATA_SIZE](own); // unchecked: validated just above
  return OWN;
}
