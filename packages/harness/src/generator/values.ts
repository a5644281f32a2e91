import type { Value } from './ops.js';
import type { WorkloadSpec } from './spec.js';

type ClusteringColumn = WorkloadSpec['schema']['clustering'][number];

/**
 * The value of a clustering column for value index `i ∈ [0, cardinality)`. The mapping is strictly increasing in the
 * column type's own order (signed integers centred on 0, big int64 steps, zero-padded strings), so value order and
 * index order agree — which lets the reference model order rows by index without core's comparator.
 */
export function clusteringValue(column: ClusteringColumn, i: number): Value {
  const centred = i - Math.floor(column.cardinality / 2);
  switch (column.type) {
    case 'int32':
      return centred;
    case 'int64':
      return BigInt(centred) * 1_000_000_007n;
    case 'text':
      // A two-byte UTF-8 prefix so text columns exercise code-point (not code-unit) ordering paths too.
      return `ţ${String(i).padStart(digits(column.cardinality), '0')}`;
    case 'ascii':
      return `c${String(i).padStart(digits(column.cardinality), '0')}`;
  }
}

/** The value index of a clustering value, the inverse of {@link clusteringValue}; -1 if it is not one of them. */
export function clusteringIndex(column: ClusteringColumn, value: Value): number {
  let i: number;
  switch (column.type) {
    case 'int32':
      i = typeof value === 'number' ? value + Math.floor(column.cardinality / 2) : -1;
      break;
    case 'int64': {
      if (typeof value !== 'bigint' || value % 1_000_000_007n !== 0n) return -1;
      i = Number(value / 1_000_000_007n) + Math.floor(column.cardinality / 2);
      break;
    }
    case 'text':
    case 'ascii': {
      const prefix = column.type === 'text' ? 'ţ' : 'c';
      const body = typeof value === 'string' && value.startsWith(prefix) ? value.slice(prefix.length) : '';
      i = body.length === digits(column.cardinality) && /^[0-9]+$/.test(body) ? Number(body) : -1;
      break;
    }
  }
  return Number.isInteger(i) && i >= 0 && i < column.cardinality ? i : -1;
}

function digits(cardinality: number): number {
  return String(cardinality - 1).length;
}

/** The partition key of partition index `i`. */
export function partitionKeyOf(i: number): string {
  return `p${i}`;
}
