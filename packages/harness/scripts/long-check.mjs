#!/usr/bin/env node
// The long model-checked run of the harness README: every spec in SPECS × SEEDS seeds, OPS ops each, range stores
// rotating over eager / copy-on-write / persistent. Prints one line per run and a total; exits 1 on the first divergence
// (after printing the shrunk replay file). Run after `pnpm build`:
//   node packages/harness/scripts/long-check.mjs [--seeds 20] [--ops 13000] [--first-seed 1]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { checkStream, parseWorkloadSpec } from '../dist/index.js';

const SPECS = ['check-mixed', 'check-wide', 'check-tail', 'check-ties'];
const STORES = ['copy-on-write', 'eager', 'persistent'];
const { values } = parseArgs({
  options: {
    seeds: { type: 'string', default: '20' },
    ops: { type: 'string', default: '13000' },
    'first-seed': { type: 'string', default: '1' },
  },
  strict: true,
});
const count = (name) => {
  if (!/^[0-9]{1,9}$/.test(values[name]))
    throw new RangeError(`--${name} must be a positive integer, got ${JSON.stringify(values[name])}`);
  return Number(values[name]);
};
const seeds = count('seeds');
const ops = count('ops');
const firstSeed = count('first-seed');
let total = 0;
let reads = 0;
let ms = 0;
const started = Date.now();
for (const name of SPECS) {
  const spec = parseWorkloadSpec(
    JSON.parse(readFileSync(new URL(`../specs/${name}.json`, import.meta.url), 'utf8')),
    name,
  );
  for (let seed = firstSeed; seed < firstSeed + seeds; seed++) {
    const rangeStore = STORES[seed % STORES.length];
    const r = checkStream(spec, seed, 0, ops, { rangeStore, corruptor: null });
    total += r.stats.ops;
    reads += r.stats.reads;
    ms += r.elapsedMs;
    console.log(
      `${name} seed ${seed} ${rangeStore}: ${r.stats.ops} ops, ${r.stats.reads} reads, ${r.stats.sweeps} sweeps, ${(r.elapsedMs / 1000).toFixed(1)} s — ${r.divergence ? 'DIVERGED' : 'ok'}`,
    );
    if (r.divergence) {
      process.stdout.write(r.replay);
      process.exit(1);
    }
  }
}
console.log(
  `long check: ${total} ops across ${SPECS.length} specs × ${seeds} seeds, ${reads} reads compared, no divergence; ` +
    `${(ms / 1000).toFixed(0)} s checking (${Math.round((total / ms) * 1000)} ops/s applied and checked), ${((Date.now() - started) / 1000).toFixed(0)} s wall`,
);
