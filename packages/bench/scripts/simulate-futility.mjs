#!/usr/bin/env node
/**
 * The futility stop by simulation (issue 20), through the runner's own look function and the same draws as
 * `stats/sequential/look.test.ts`: each fork 100 · (1 + exponential noise of mean `noise`), the candidate × (1 + shift),
 * the 8-benchmark design (Pocock, design alpha 0.00625, looks 6, 10, 15, 20), threshold 2%. Prints, per noise, shift
 * and gamma (0 = off), the share stopped with a difference and the mean forks per side. Not a test, not shipped.
 *
 *   node packages/bench/scripts/simulate-futility.mjs [--runs 4000] [--gamma 0,0.02,0.03,0.05,0.1] [--noise 0.03,0.1,0.2]
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

const dist = resolve(dirname(fileURLToPath(import.meta.url)), '../dist');
const { looksUpTo, reachableLooks, sequentialDesign } = await import(`${dist}/stats/sequential/design.js`);
const { decideLook, stops } = await import(`${dist}/stats/sequential/look.js`);

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '4000' },
    gamma: { type: 'string', default: '0,0.02,0.03,0.05,0.1' },
    noise: { type: 'string', default: '0.03,0.1,0.2' },
    alpha: { type: 'string', default: '0.00625' },
  },
});
const list = (s) => s.split(',').map(Number);
const spec = { looks: looksUpTo(20), alpha: Number(values.alpha), spending: 'pocock' };
const design = sequentialDesign({ ...spec, looks: reachableLooks(spec) });
const runs = Number(values.runs);

function simulate(noise, shift, gamma, seed) {
  const rng = xoroshiro128plus(seed);
  const draw = () => 100 * (1 - noise * Math.log(1 - uniformFloat64(rng)));
  const rule = { threshold: 0.02, confidence: 0.95, futility: gamma };
  let differences = 0;
  let forks = 0;
  for (let r = 0; r < runs; r++) {
    const base = Array.from({ length: 20 }, draw);
    const cand = Array.from({ length: 20 }, () => draw() * (1 + shift));
    const looks = [];
    for (const [k, n] of design.looks.entries()) {
      const look = decideLook(design, k, base.slice(0, n), cand.slice(0, n), looks, rule);
      looks.push(look);
      if (stops(look)) break;
    }
    if (looks.at(-1).decision === 'difference') differences++;
    forks += looks.at(-1).n;
  }
  return { share: differences / runs, meanN: forks / runs };
}

console.log(`design: looks ${design.looks.join(', ')}, alpha ${spec.alpha}, ${runs} benchmarks per cell`);
console.log(
  '| noise | gamma | A/A: difference, mean forks (of 20) | +5%: difference, mean forks | +10%: difference, mean forks |',
);
console.log('| --- | --- | --- | --- | --- |');
for (const noise of list(values.noise)) {
  for (const gamma of list(values.gamma)) {
    // The same seed per (noise, shift) for every gamma: each gamma sees the same benchmarks.
    const cells = [0, 0.05, 0.1].map((shift, i) =>
      simulate(noise, shift, gamma, 1000 + 10 * i + Math.round(noise * 100)),
    );
    const text = cells.map((c) => `${(c.share * 100).toFixed(2)}%, ${c.meanN.toFixed(2)}`).join(' | ');
    console.log(`| ${noise} | ${gamma} | ${text} |`);
  }
}
