import type {
  Clustering,
  ClusteringBound,
  ClusteringComparator,
  ClusteringValue,
  ColumnType,
  SizeModel,
  Slice,
} from '@tombstone-lab/core';
import {
  COMPARE,
  COMPARE_COMPONENT,
  objectSize,
  PersistentBTree,
  type PersistentBTreeOptions,
  type Probe,
  persistentBTreeHeap,
  VALUES,
} from '@tombstone-lab/core/internal';
import { PartitionArgumentError } from '../errors.js';
import { FIRST_CLUSTERING_VALUE, Row } from './row.js';

/**
 * What a row tree's searches probe: the clustering value itself in a table with one clustering column (the tree
 * keeps it beside each row, see {@link rowTreeOptions}), else the row.
 */
export type RowKey = Row | ClusteringValue;

/**
 * A partition's rows: core's persistent B+tree ordered by clustering, one row per clustering (Cassandra's
 * `BTreePartitionData.tree`). A published snapshot's tree is frozen; the updater forks it (O(1)) and writes the fork
 * in O(log N) per row, where a sorted array cost an O(N) copy per write.
 */
export type RowTree = PersistentBTree<Row, RowKey>;

const firstValueOf = (row: Row): RowKey => row[FIRST_CLUSTERING_VALUE] as ClusteringValue;
const KEYED: PersistentBTreeOptions<Row, RowKey> = Object.freeze({ keyOf: firstValueOf });

/**
 * The tree options for a table's rows. One clustering column: each row's value is its key, kept in the leaves, so a
 * search compares values in the node's own array and touches no row. Why: a random-key write probes ~19 rows, and
 * each probe of a cold row is a cache miss. Measured on 10^5 random-key writes into one partition (CPU time,
 * in-process, load 11–12): 3.2–3.6 µs per write probing rows, 3.0 µs probing the leaves' keys. Several columns: rows
 * are probed (a first value alone cannot order them).
 */
export function rowTreeOptions(
  comparator: ClusteringComparator,
): PersistentBTreeOptions<Row, RowKey> | undefined {
  return comparator.size === 1 ? KEYED : undefined;
}

const EMPTY_KEYED: RowTree = new PersistentBTree<Row, RowKey>(KEYED).freeze();
const EMPTY_PLAIN: RowTree = new PersistentBTree<Row, RowKey>().freeze();

/** The shared frozen empty tree of a table's rows: what a partition nothing was written to holds. */
export function emptyRowTree(comparator: ClusteringComparator): RowTree {
  return comparator.size === 1 ? EMPTY_KEYED : EMPTY_PLAIN;
}

// A one-value clustering to compare a bare key through the comparator's general order; reused (single-threaded, and
// compare keeps no reference), so a read's probe allocates nothing.
const SCRATCH: ClusteringValue[] = [null];

/**
 * Where a row (or, in a keyed tree, its clustering value) lies relative to `clustering`: any prefix or bound, the
 * comparator's general order.
 */
export function rowProbe(
  comparator: ClusteringComparator,
  clustering: Clustering | ClusteringBound,
): Probe<RowKey> {
  // Unchecked compares here and below: stored rows against a clustering or bound the caller validated, per probe step.
  return (x) => {
    if (x instanceof Row) return comparator[COMPARE](x.clustering, clustering);
    SCRATCH[0] = x;
    return comparator[COMPARE](SCRATCH, clustering);
  };
}

/**
 * A reusable probe for a row's full clustering (one value per column), retargeted per write: the updater's probe. It compares values only, skipping the bound-kind logic of {@link rowProbe}'s general order, and reads the
 * first value from the key (keyed tree) or the row's own copy ({@link FIRST_CLUSTERING_VALUE}), so a probe decided by
 * it never touches a clustering array. One instance, not a closure per row: with the updater's merge callback that
 * was ~320 bytes per write. Random-key row writes probe about 19 keys each: skipping the bound kinds took them from
 * 4.6 to 4.0 µs per write at 10^5 rows, the row's copy from 5.0–5.5 to 3.5 µs (CPU time, in-process, under load).
 */
export class FullClusteringProbe {
  #comparator: ClusteringComparator | null = null;
  #row: Row | null = null;
  #type: ColumnType | undefined = undefined;
  #first: ClusteringValue | undefined = undefined;

  /** The probe for `row`'s clustering (valid until the next call). */
  target(comparator: ClusteringComparator, row: Row): Probe<RowKey> {
    this.#comparator = comparator;
    this.#row = row;
    this.#type = comparator.types[0];
    this.#first = row[FIRST_CLUSTERING_VALUE];
    return this.probe;
  }

  /** Drops the references to the last target (so a long-lived instance pins no row). */
  clear(): void {
    this.#comparator = null;
    this.#row = null;
    this.#first = undefined;
  }

  readonly probe: Probe<RowKey> = (x) => {
    const type = this.#type;
    const first = this.#first;
    if (type === undefined || first === undefined) return 0;
    const v = x instanceof Row ? (x[FIRST_CLUSTERING_VALUE] as ClusteringValue) : x;
    // compareComponent's null-first order, inlined: it is the hot comparison of every write.
    const d = v === null ? (first === null ? 0 : -1) : first === null ? 1 : type.compare(v, first);
    const comparator = this.#comparator as ClusteringComparator;
    if (d !== 0 || comparator.size === 1) return d;
    // Several columns: the tree is not keyed, so x is the row.
    const c = (x as Row).clustering;
    const clustering = (this.#row as Row).clustering;
    for (let i = 1; i < clustering.length; i++) {
      const e = comparator[COMPARE_COMPONENT](i, c[i] as ClusteringValue, clustering[i] as ClusteringValue);
      if (e !== 0) return e;
    }
    return 0;
  };
}

/**
 * A frozen tree of `rows`, which must be sorted by clustering without duplicates. O(N).
 * @throws PartitionArgumentError naming the first row out of order
 */
export function rowTreeOf(comparator: ClusteringComparator, rows: readonly Row[]): RowTree {
  for (let i = 1; i < rows.length; i++) {
    const before = rows[i - 1]!.clustering;
    const at = rows[i]!.clustering;
    if (comparator[COMPARE](before, at) >= 0) {
      throw new PartitionArgumentError(
        `partition rows must be sorted by clustering without duplicates: row ${i} (${at}) does not sort after ` +
          `row ${i - 1} (${before})`,
      );
    }
  }
  return PersistentBTree.fromSorted<Row, RowKey>(rows, undefined, rowTreeOptions(comparator)).freeze();
}

/**
 * Where a row (or its key) lies relative to a slice `bound`. In a table with one clustering column a bound holds at
 * most one value, so the probe compares the key with that value and answers a tie with what the comparator's general
 * order says of a clustering equal to it (a constant, computed once here); several columns take {@link rowProbe}.
 * Why: a point read probes ~34 keys in its two descents, and the general order (bound kinds, prefix lengths, a
 * scratch clustering) made those probes about half of its time in a profile.
 */
export function boundProbe(comparator: ClusteringComparator, bound: ClusteringBound): Probe<RowKey> {
  const type = comparator.types[0];
  if (comparator.size !== 1 || type === undefined) return rowProbe(comparator, bound);
  const values = bound[VALUES];
  const value = values.length === 0 ? undefined : (values[0] as ClusteringValue);
  SCRATCH[0] = value ?? null;
  const tie = comparator[COMPARE](SCRATCH, bound);
  // BOTTOM and TOP (no values) lie on the same side of every clustering.
  if (value === undefined) return () => tie;
  return (x) => {
    const v = x instanceof Row ? (x[FIRST_CLUSTERING_VALUE] as ClusteringValue) : x;
    // compareComponent's null-first order, as the updater's probe inlines it.
    const d = v === null ? (value === null ? 0 : -1) : value === null ? 1 : type.compare(v, value);
    return d !== 0 ? d : tie;
  };
}

/** The rows of `tree` within `slice`, in clustering order or reversed: O(log N + k). */
export function rowsInSlice(
  comparator: ClusteringComparator,
  tree: RowTree,
  slice: Slice,
  reversed: boolean,
): IterableIterator<Row> {
  const from = tree.lowerBound(boundProbe(comparator, slice.start));
  const to = tree.upperBound(boundProbe(comparator, slice.end));
  return from < to ? tree.iterate(from, to, reversed) : tree.iterate(0, 0);
}

/** As {@link rowsInSlice}, in clustering order, as a new array (what reads merge): O(log N + k). */
export function rowArrayInSlice(comparator: ClusteringComparator, tree: RowTree, slice: Slice): Row[] {
  return tree.between(boundProbe(comparator, slice.start), boundProbe(comparator, slice.end));
}

/**
 * Heap of a tree handle under `model` (root reference, owner id, height, size, node counts): part of a partition's
 * shell, since every snapshot has one.
 */
export function rowTreeHandleHeap(model: SizeModel): number {
  return objectSize(model, 1, 5 * model.intSize);
}

/** Heap of the tree's nodes (the rows themselves excluded), Cassandra's `BTree.sizeOnHeapOf`. O(1). */
export function rowTreeNodesHeap(model: SizeModel, tree: RowTree): number {
  return persistentBTreeHeap(model, tree);
}
