// Uses each installed tarball the way a user would, from plain JavaScript.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mannWhitneyU } from '@tombstone-lab/bench';
import {
  ClusteringBound as B,
  ClusteringComparator,
  PersistentRangeTombstoneList,
  persistentRangeTombstoneListFactory,
  RangeTombstoneList,
  types,
} from '@tombstone-lab/core';
import { checkStream, defineWorkload, encodeOp, workload } from '@tombstone-lab/harness';
import { Table, tableOptions } from '@tombstone-lab/partition';

const list = new RangeTombstoneList(new ClusteringComparator([types.int32]));
list.add(B.inclusiveStart(0), B.inclusiveEnd(10), 3);
const snapshot = list.copy();
list.add(B.inclusiveStart(3), B.inclusiveEnd(7), 5);
assert.equal(String(list), '{[0,3)@3, [3,7]@5, (7,10]@3}');
assert.equal(String(snapshot), '{[0,10]@3}');

// The persistent list builds the same list, compares equal across storages, and its copies stay independent.
const tree = new PersistentRangeTombstoneList(list.comparator);
tree.addAll(snapshot);
const treeCopy = tree.copy();
tree.add(B.inclusiveStart(3), B.inclusiveEnd(7), 5);
assert.ok(tree.equals(list));
assert.ok(treeCopy.equals(snapshot));

for (const rangeStore of [undefined, persistentRangeTombstoneListFactory()]) {
  const table = new Table(tableOptions({ comparator: new ClusteringComparator([types.int32]), rangeStore }));
  table.apply(table.update('k').insert([1], { v: 1 }, 10).build());
  table.flush();
  assert.equal(table.read('k').length, 1);
}

assert.equal(mannWhitneyU([1, 2, 3, 4, 5], [5, 6, 7, 8, 9]).p.toFixed(6), '0.015873');
const help = execFileSync('npx', ['--no-install', 'tombstone-bench', '--help'], { encoding: 'utf8' });
assert.match(help, /tombstone-bench/);
// The harness from its tarball: a seeded op computed directly, and a short model-checked run on the real engine.
const spec = defineWorkload({
  schema: {
    clustering: [{ name: 'ck', type: 'int32', cardinality: 20 }],
    columns: [{ name: 'v', type: 'text' }],
  },
  partitions: { count: 3 },
  ops: {
    insert: { weight: 4 },
    rangeDelete: { weight: 1 },
    readSlice: { weight: 1 },
    flush: { weight: 0.2 },
    compact: { weight: 0.1 },
  },
});
assert.equal(encodeOp(workload(spec, 7).op(0, 500)), encodeOp([...workload(spec, 7).ops(0, 500, 1)][0]));
assert.equal(checkStream(spec, 7, 0, 300, { rangeStore: 'copy-on-write', corruptor: null }).divergence, null);
const harnessHelp = execFileSync('npx', ['--no-install', 'tombstone-harness', '--help'], {
  encoding: 'utf8',
});
assert.match(harnessHelp, /tombstone-harness/);
// The engine from code, against the installed tarball: a two-fork-per-side A/A run whose every event parses.
{
  const { mkdtempSync, writeFileSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { startRun } = await import('@tombstone-lab/bench/runner');
  const { parseEvent, parseRunReport, PROTOCOL_VERSION } = await import('@tombstone-lab/bench/protocol');
  const dir = mkdtempSync(join(tmpdir(), 'consumer-run-'));
  writeFileSync(
    join(dir, 'tiny.bench.ts'),
    "import { defineSuite } from '@tombstone-lab/bench';\nexport default defineSuite({ name: 'Tiny', benchmarks: { sum: () => [1, 2, 3].reduce((a, b) => a + b, 0) } });\n",
  );
  const run = startRun({
    mode: 'aa',
    cwd: dir,
    samplesPerSide: 2,
    sampleMs: 10,
    warmupMs: 10,
    pin: false,
    failOnLost: false,
  });
  const types = [];
  for await (const event of run) types.push(parseEvent(JSON.stringify(event)).type);
  const result = await run.result;
  assert.equal(result.exitCode, 0);
  assert.equal(types[0], 'run-started');
  assert.equal(types.at(-1), 'run-finished');
  assert.equal(types.filter((t) => t === 'sample-finished').length, 4);
  assert.equal(PROTOCOL_VERSION, 10);
  // The run's one RunReport, as run-finished and `report --format json` carry it.
  assert.equal(parseRunReport(JSON.parse(JSON.stringify(result.analysed.report))).verdicts.length, 1);
}
console.log('smoke ok');
