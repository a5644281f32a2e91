import { ClusteringComparator, types } from '@tombstone-lab/core';
import { describe, expect, it } from 'vitest';
import { compact } from '../compaction/compaction.js';
import { SortedRun } from '../compaction/sorted-run.js';
import { PartitionArgumentError } from '../errors.js';
import { readPartition } from '../read/read.js';
import { Table } from './table.js';
import { tableOptions } from './table-options.js';

const options = tableOptions({ comparator: new ClusteringComparator([types.int32]) });

describe('table stages', () => {
  it('runs replacement stages with what the defaults receive', () => {
    const calls: string[] = [];
    const table = new Table(options, {
      stages: {
        writeRun: (id, o, partitions) => {
          calls.push(`writeRun ${id} ${partitions.map((p) => p.key).join()}`);
          return new SortedRun(id, o, partitions);
        },
        compact: (request) => {
          calls.push(`compact ${request.inputs.length} ${request.others.length}`);
          return compact(request);
        },
        read: (o, sources, key, query) => {
          calls.push(`read ${key} ${query.reversed === true}`);
          return readPartition(o, sources, key, query);
        },
      },
    });
    table.apply(table.update('b').insert([1], { v: 1 }, 10).build());
    table.apply(table.update('a').insert([2], { v: 2 }, 11).build());
    table.flush();
    table.compact();
    expect(table.read('a', { reversed: true }).map((r) => r.clustering[0])).toEqual([2]);
    expect(calls).toEqual(['writeRun 1 a,b', 'compact 1 0', 'read a true']);
  });

  it('rejects unknown stages and stages that are not functions', () => {
    expect(() => new Table(options, { stages: { flush: () => null } as never })).toThrow(
      PartitionArgumentError,
    );
    expect(() => new Table(options, { stages: { read: 3 } as never })).toThrow(
      'stage read must be a function, got 3',
    );
  });
});
