/**
 * Thrown when an argument is outside what the partition layer accepts (a bad key, timestamp, option…).
 * The message always names the offending value; the object the call was made on is left unchanged.
 */
export class PartitionArgumentError extends RangeError {
  override readonly name = 'PartitionArgumentError';
}

/**
 * Thrown when code tries to mutate something that has been published (a partition snapshot, a frozen
 * `DeletionInfo` such as `DeletionInfo.LIVE`, a flushed run). Readers rely on published state never changing.
 */
export class ImmutableStateError extends TypeError {
  override readonly name = 'ImmutableStateError';
}

export { describeValue } from '@tombstone-lab/core/internal';
