import { checkFlag, unknownOptionMessage } from '../checks/option-bags.js';
import { describeValue, InvalidConfigurationError } from '../errors.js';
import {
  JVM_COMPRESSED_OOPS,
  listShallowSize,
  type SizeModel,
  validateSizeModel,
} from '../heap/size-model.js';

/** Options of {@link RangeTombstoneList}. */
export interface RangeTombstoneListOptions {
  /** Initial capacity, an integer in [0, 1024] (Cassandra's `initial_range_tombstone_list_allocation_size`). Default 1. */
  capacity?: number;
  /** Growth factor in [1.2, 5.0] (Cassandra's `range_tombstone_list_growth_factor`). Default 1.5. */
  growthFactor?: number;
  /**
   * `true` (default): `copy()` is O(1) and shares the arrays copy-on-write. `false`: Cassandra's pre-CASSANDRA-21492
   * eager copy (arrays trimmed to `size`), kept as the faithful baseline.
   */
  copyOnWrite?: boolean;
  /** Heap size model for {@link RangeTombstoneList.unsharedHeapSize}. Default {@link JVM_COMPRESSED_OOPS}. */
  sizeModel?: SizeModel;
}

/** Marks configurations produced by {@link buildConfig}, so internal constructor paths can trust them cheaply. */
export const VALIDATED_CONFIG: unique symbol = Symbol('validated range-tombstone-list config');

/** Validated, frozen configuration shared by a list and all its copies. */
export interface ListConfig {
  readonly [VALIDATED_CONFIG]: true;
  readonly growthFactor: number;
  readonly copyOnWrite: boolean;
  readonly sizeModel: SizeModel;
  readonly shallow: number;
}

const MIN_GROWTH = 1.2;
const MAX_GROWTH = 5.0;
const MAX_INITIAL_CAPACITY = 1024;
/**
 * Fix 2 of CASSANDRA-21492's review (copies must not pin excess capacity). A backing array holds *excess* capacity
 * when `capacity > size + SPARE_SLACK && capacity > growthFactor × size`; a copy (or an empty list adopting another
 * in `addAll`) then takes arrays trimmed to `size` instead of sharing. With the default growth factor 1.5 this is
 * exactly the branch's heuristic. Scaling by the growth factor keeps it from fighting amortised appends: a list that
 * only grew by appending has `capacity = ceil(g × (size − 1)) < g × size`, so its copies always share.
 */
export function hasExcessCapacity(capacity: number, size: number, growthFactor: number): boolean {
  return capacity > size + SPARE_SLACK && capacity > growthFactor * size;
}

/** Cassandra's growToFree length: `ceil(capacity × growthFactor)`, or `capacity × 3 / 2 + 1` if that does not grow. */
export function grownCapacity(capacity: number, growthFactor: number): number {
  const next = Math.ceil(capacity * growthFactor);
  return next > capacity ? next : Math.floor((capacity * 3) / 2) + 1;
}

const SPARE_SLACK = 5;

/** Every key of {@link RangeTombstoneListOptions}: anything else is a misspelling and is rejected. */
const LIST_OPTION_KEYS: readonly string[] = ['capacity', 'growthFactor', 'copyOnWrite', 'sizeModel'];

/**
 * Validates options once per root list; copies reuse the frozen result so `copy()` stays allocation-light.
 * @throws InvalidConfigurationError naming the bad option and value.
 */
export function buildConfig(options: RangeTombstoneListOptions): ListConfig {
  if (options === null || typeof options !== 'object') {
    throw new InvalidConfigurationError(`options must be an object, got ${describeValue(options)}`);
  }
  const unknown = unknownOptionMessage(options, LIST_OPTION_KEYS, 'range-tombstone list option');
  if (unknown !== null) throw new InvalidConfigurationError(unknown);
  const growthFactor = options.growthFactor ?? 1.5;
  if (typeof growthFactor !== 'number' || !(growthFactor >= MIN_GROWTH && growthFactor <= MAX_GROWTH)) {
    throw new InvalidConfigurationError(
      `growth factor must be in the range [${MIN_GROWTH}, ${MAX_GROWTH}] inclusive, got ${describeValue(growthFactor)}`,
    );
  }
  const copyOnWrite = checkFlag(options.copyOnWrite, true, 'copyOnWrite', InvalidConfigurationError);
  const sizeModel = validateSizeModel(options.sizeModel ?? JVM_COMPRESSED_OOPS);
  return Object.freeze({
    [VALIDATED_CONFIG]: true as const,
    growthFactor,
    copyOnWrite,
    sizeModel,
    shallow: listShallowSize(sizeModel),
  });
}

/** @throws InvalidConfigurationError unless `capacity` is an integer in [0, 1024]. */
export function checkCapacity(capacity: unknown): number {
  if (
    typeof capacity !== 'number' ||
    !Number.isInteger(capacity) ||
    capacity < 0 ||
    capacity > MAX_INITIAL_CAPACITY
  ) {
    throw new InvalidConfigurationError(
      `initial capacity must be an integer in the range [0, ${MAX_INITIAL_CAPACITY}] inclusive, got ${describeValue(capacity)}`,
    );
  }
  return capacity;
}
