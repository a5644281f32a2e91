/**
 * `@tombstone-lab/core/internal`: what this repository's own packages, tests and benchmarks share beyond the public
 * API — the argument checks every package applies (one behaviour), the generic persistent B+tree partition keeps
 * its rows in, and white-box access to a list's arrays. No stability promise: shapes change without a changeset.
 *
 * @packageDocumentation
 */

/** The persistent B+tree (Cassandra's `BTree`) partition's row tree is built on. */
export {
  BTREE_NODE_CAPACITY,
  PersistentBTree,
  type PersistentBTreeOptions,
  type Probe,
  persistentBTreeHeap,
} from './btree/persistent-btree.js';
/** Renders a user-supplied value for an error message; the class of a non-plain object. */
export { classNameOf, describeValue } from './checks/describe-value.js';
/** The error type a check throws: each package passes its own. */
export type { ErrorType } from './checks/error-type.js';
/** Option bags (misspelled keys), boolean flags, plain-object records. */
export {
  checkBoolean,
  checkFlag,
  checkOptionsBag,
  checkPlainObject,
  unknownOptionMessage,
} from './checks/option-bags.js';
/** The timestamp and local-deletion-time rules. */
export {
  checkTimestamp,
  checkUnsignedDeletionTime,
  checkWriteTimestamp,
  isWriteTimestamp,
  MIN_WRITE_TIMESTAMP,
} from './checks/timestamps.js';
/** The generic B+tree's typed errors. */
export { FrozenTreeError, ReentrantWriteError, UnsortedItemsError } from './errors.js';
/** Heap arithmetic under a size model (partition accounts its rows and cells with it). */
export {
  align,
  arraysHeapSize,
  boundHeapSize,
  listShallowSize,
  objectSize,
  primitiveArraySize,
  referenceArraySize,
  validateSizeModel,
} from './heap/size-model.js';
/** The backing arrays of a list, for white-box tests and heap audits (e.g. counting the memtable list's copies). */
export { backingArrays } from './list/range-tombstone-list.js';
/** The spare-capacity and growth rules of the copy-on-write list. */
export { grownCapacity, hasExcessCapacity } from './list/range-tombstone-list-options.js';
/** Bound-kind helpers. */
/** The values array of a bound as the library's loops read it, unfrozen until a caller reads `bound.values`. */
export { invertKind, kindIsEnd, kindIsStart, kindName, VALUES } from './model/clustering-bound.js';
/**
 * The unchecked comparator and deletion-time methods of the library's own per-comparison, per-row and per-cell loops
 * (the public methods check their arguments, then call these).
 */
export {
  COMPARE,
  COMPARE_COMPONENT,
  DATA_SIZE,
} from './model/clustering-comparator.js';
export { DELETES, SUPERSEDES } from './model/deletion-time.js';
/** A read's slice empty only under a reversed column (written ascending): core's lists and partition's reads. */
export { reversedEmptySliceError } from './model/slice.js';
