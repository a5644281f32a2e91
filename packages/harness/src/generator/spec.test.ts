import { describe, expect, it } from 'vitest';
import { WorkloadSpecError } from '../errors.js';
import { defineWorkload, parseWorkloadSpec } from './spec.js';

const minimal = {
  schema: {
    clustering: [{ name: 'ck', type: 'int32', cardinality: 10 }],
    columns: [{ name: 'v', type: 'text' }],
  },
  partitions: { count: 4 },
  ops: { insert: { weight: 1 } },
};

function issues(input: unknown): readonly string[] {
  try {
    parseWorkloadSpec(input);
  } catch (error) {
    expect(error).toBeInstanceOf(WorkloadSpecError);
    return (error as WorkloadSpecError).issues;
  }
  throw new Error('expected the spec to be rejected');
}

describe('workload spec', () => {
  it('fills in defaults and freezes the result', () => {
    const spec = defineWorkload(minimal as Parameters<typeof defineWorkload>[0]);
    expect(spec.schema.keyspace).toBe('harness');
    expect(spec.timestamps).toEqual({ policy: 'monotonic', start: 1_000_000, window: 4 });
    expect(spec.ops.rangeDelete.weight).toBe(0);
    expect(spec.partitions.distribution).toEqual({ kind: 'uniform' });
    expect(Object.isFrozen(spec.schema.clustering[0])).toBe(true);
  });

  it('names the path and the bad value', () => {
    expect(issues({ ...minimal, ops: { insert: { weight: 1 }, rangeDelete: { weight: 'x' } } })).toEqual([
      'ops.rangeDelete.weight: expected a number ≥ 0, got "x"',
    ]);
    expect(issues({ ...minimal, partitions: { count: 0 } })).toEqual([
      'partitions.count: expected an integer in [1, 2147483648], got 0',
    ]);
  });

  it('rejects misspelled keys and lists every issue at once', () => {
    const found = issues({
      ...minimal,
      ops: { insert: { weight: 1 }, rangeDelte: { weight: 1 } },
      timestamps: { policy: 'sometimes' },
    });
    expect(found).toContain('ops.rangeDelte: unknown key');
    expect(found).toContain(
      'timestamps.policy: expected monotonic, colliding or outOfOrder, got "sometimes"',
    );
  });

  it('checks distributions, column types and cross-field rules', () => {
    expect(issues({ ...minimal, partitions: { count: 4, distribution: { kind: 'pareto' } } })).toEqual([
      'partitions.distribution.kind: expected a distribution with kind uniform, sequential, zipfian, latest or hotSet, got "pareto"',
    ]);
    expect(
      issues({ ...minimal, partitions: { count: 4, distribution: { kind: 'zipfian', theta: 1 } } }),
    ).toEqual(['partitions.distribution.theta: expected a number in (0, 1), got 1']);
    const dup = { ...minimal.schema, columns: [{ name: 'ck', type: 'text' }] };
    expect(issues({ ...minimal, schema: dup })).toEqual([
      'schema: expected distinct column names, got "ck" twice',
    ]);
    expect(issues({ ...minimal, ops: { insert: { weight: 0 } } })).toEqual([
      '(spec): expected at least one op kind with a weight > 0, got none',
    ]);
    expect(issues({ ...minimal, timestamps: { policy: 'outOfOrder', start: 2, window: 5 } })).toEqual([
      'timestamps.start: expected at least timestamps.window (5) for outOfOrder timestamps, got 2',
    ]);
    expect(
      issues({ ...minimal, partitions: { count: 20_000_000, distribution: { kind: 'latest' } } }),
    ).toEqual([
      'partitions.distribution: expected at most 10000000 keys for this distribution (its zeta is summed term by term), got 20000000',
    ]);
    expect(issues([1])).toEqual(['(spec): expected an object, got [1]']);
  });
});
