import { describeValue, PartitionArgumentError } from '../errors.js';

/**
 * A partition key. This package uses non-empty JS strings: they are hashable and comparable without allocation,
 * and Map-keyable. Keys are ordered by UTF-16 code units (`<`), which is what runs and compaction iterate in;
 * the bloom filter hashes their UTF-8 bytes. Composite keys can be encoded by the caller (e.g. `a:b`).
 */
export type PartitionKey = string;

/** @throws PartitionArgumentError unless `key` is a non-empty string. */
export function checkPartitionKey(key: unknown): PartitionKey {
  if (typeof key !== 'string' || key.length === 0) {
    throw new PartitionArgumentError(`partition key must be a non-empty string, got ${describeValue(key)}`);
  }
  return key;
}

/** Orders partition keys (plain code-unit order). */
export function comparePartitionKeys(a: PartitionKey, b: PartitionKey): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
