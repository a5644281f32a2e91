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

/** Formats a value for an error message without throwing on exotic inputs (symbols, bigint, cycles). */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'number' || typeof value === 'boolean' || value == null) return String(value);
  if (value instanceof Uint8Array) return `Uint8Array(${value.length})`;
  if (Array.isArray(value)) return `[${value.map(describeValue).join(', ')}]`;
  try {
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}
