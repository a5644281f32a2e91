#!/usr/bin/env node
// Instructions per step of the successive tail merge (core's `successiveMerges[arrival=tail]`), counted by valgrind's
// callgrind: a figure that does not move with the machine's load, for comparing two builds of core where the timed
// benchmarks' intervals (±5–60% on these shared 2-core machines) are far wider than the change being looked for.
// Maintainer tool; needs valgrind. Each build runs twice, 30 and 90 rounds of 4,096 steps, in one thread
// (`--single-threaded`: the compiler and GC on the main thread, so the count repeats within ~0.5%); the difference
// over 60 rounds is the steady state, without start-up and warm-up.
//
//   node scripts/tail-merge-instructions.mjs <full|build|add|bounds|slice|tombstone> <cow|persistent> <core dist>...
//   e.g. node scripts/tail-merge-instructions.mjs full persistent /tmp/base/packages/core/dist packages/core/dist
//
// full: build the range [2k, 2k+1]@(1,1), copy the list and add it (the benchmark's step); build: the range only;
// add: copy and add ranges built beforehand; bounds: the two bounds; slice: Slice.make on bounds built beforehand;
// tombstone: new RangeTombstone on slices built beforehand.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const STEPS = 4096;
const MODES = ['full', 'build', 'add', 'bounds', 'slice', 'tombstone'];
const STORAGES = ['cow', 'persistent'];

/** The work of one counted process: `rounds` rounds of `mode` against the core build in `dist`. */
async function work(dist, mode, storage, rounds) {
  const core = await import(pathToFileURL(resolve(dist, 'index.js')).href);
  const { ClusteringBound: B, ClusteringComparator, DeletionTime, RangeTombstone, Slice, types } = core;
  const comparator = new ClusteringComparator([types.int32]);
  const deletion = DeletionTime.build(1, 1);
  const range = (a, b) => new RangeTombstone(Slice.make(B.inclusiveStart(a), B.inclusiveEnd(b)), deletion);
  const empty = () =>
    storage === 'persistent'
      ? new core.PersistentRangeTombstoneList(comparator)
      : new core.RangeTombstoneList(comparator, { capacity: 1, copyOnWrite: true });
  const built = Array.from({ length: STEPS }, (_, k) => range(2 * k, 2 * k + 1));
  let sink = 0;
  const merge = (next) => {
    let list = empty();
    for (let k = 0; k < STEPS; k++) {
      const copy = list.copy();
      copy.add(next(k));
      list = copy;
    }
    sink += list.size;
  };
  const each = (f) => {
    for (let k = 0; k < STEPS; k++) sink += f(k);
  };
  const round = {
    full: () => merge((k) => range(2 * k, 2 * k + 1)),
    add: () => merge((k) => built[k]),
    build: () => each((k) => range(2 * k, 2 * k + 1).deletionTime.localDeletionTime),
    bounds: () => each((k) => B.inclusiveStart(2 * k).kind + B.inclusiveEnd(2 * k + 1).kind),
    slice: () => each((k) => Slice.make(built[k].slice.start, built[k].slice.end).start.kind),
    tombstone: () => each((k) => new RangeTombstone(built[k].slice, deletion).slice.start.kind),
  }[mode];
  for (let r = 0; r < rounds; r++) round();
  if (sink < 0) console.log(sink); // keeps the work observable
}

/** Total instructions callgrind counted for one process of `rounds` rounds. */
function count(dist, mode, storage, rounds) {
  const self = fileURLToPath(import.meta.url);
  const args = ['--tool=callgrind', '--callgrind-out-file=/dev/null', process.execPath, '--single-threaded'];
  const run = spawnSync('valgrind', [...args, self, '--worker', dist, mode, storage, String(rounds)], {
    encoding: 'utf8',
  });
  if (run.error) throw new Error(`valgrind could not be started: ${run.error.message}`);
  const total = /Collected : (\d+)/.exec(run.stderr);
  if (run.status !== 0 || total === null) throw new Error(`valgrind failed for ${dist}:\n${run.stderr}`);
  return Number(total[1]);
}

const [first, ...rest] = process.argv.slice(2);
if (first === '--worker') {
  const [dist, mode, storage, rounds] = rest;
  await work(dist, mode, storage, Number(rounds));
} else {
  const [storage, ...dists] = rest;
  if (!MODES.includes(first) || !STORAGES.includes(storage) || dists.length === 0) {
    console.error(
      `usage: tail-merge-instructions.mjs <${MODES.join('|')}> <${STORAGES.join('|')}> <core dist>...`,
    );
    process.exit(2);
  }
  for (const dist of dists) {
    const perStep = (count(dist, first, storage, 90) - count(dist, first, storage, 30)) / 60 / STEPS;
    console.log(`${dist}\t${first}\t${storage}\t${Math.round(perStep)} instructions per step`);
  }
}
