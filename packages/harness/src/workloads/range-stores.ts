import type { RangeTombstoneStoreFactory } from '@tombstone-lab/core';
import {
  DEFAULT_RANGE_STORE_NAME,
  isRangeStoreName,
  RANGE_STORE_NAMES,
  type RangeStoreName,
  rangeStoreFactory,
} from '@tombstone-lab/partition';
import { describeValue, HarnessArgumentError } from '../errors.js';

/** The engine's own range-store names and default (one list, owned by partition) — the CLI, suites and reports use these. */
export { DEFAULT_RANGE_STORE_NAME, RANGE_STORE_NAMES, type RangeStoreName };

/**
 * Checks a range-store name given on the command line, in a replay file or a suite parameter.
 * @param what names the input in the error, e.g. `--range-store`.
 * @throws HarnessArgumentError naming the value and listing the allowed names.
 */
export function checkRangeStoreName(name: unknown, what = 'range store'): RangeStoreName {
  if (isRangeStoreName(name)) return name;
  throw new HarnessArgumentError(
    `${what} must be one of ${RANGE_STORE_NAMES.join(', ')} (default ${DEFAULT_RANGE_STORE_NAME}), got ${describeValue(name)}`,
  );
}

/**
 * The engine's factory for a range-store name.
 * @throws HarnessArgumentError naming an unknown store.
 */
export function rangeStoreNamed(name: unknown, what?: string): RangeTombstoneStoreFactory {
  return rangeStoreFactory(checkRangeStoreName(name, what));
}
