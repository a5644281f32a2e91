#!/usr/bin/env node
// Where a comparison's variance is, from saved results files (a maintainer tool: docs/bench-paired-design.md).
//
//   node scripts/variance-components.mjs [--metric cpuNsPerOp] <results.json>...
//
// Per benchmark and side: the between-fork spread of ln(metric) (sd, and the share of forks ≥ 1.45× the side's
// median: the "slow forks"), the correlation of the two sides' ln values fork by fork (neighbouring forks in the
// forks design, the two halves of one process in the paired design), and the sd of what each design's test reads:
// the log ratio of a pair of neighbouring forks, or the paired fork's within-fork log ratio (median over its
// ABBA/BAAB blocks). For paired forks also the within-fork spread (sd of the block log ratios inside a fork) and
// whether the slow forks were slow on both sides (a cause common to the process, which cancels) or on one.
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
let metric = 'cpuNsPerOp';
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--metric') metric = args[++i];
  else files.push(args[i]);
}
if (files.length === 0) {
  console.error(
    'usage: node scripts/variance-components.mjs [--metric cpuNsPerOp|nsPerOp] <results.json>...',
  );
  process.exit(2);
}

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const sd = (xs) => {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / Math.max(1, xs.length - 1));
};
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const h = s.length >> 1;
  return s.length % 2 ? s[h] : (s[h - 1] + s[h]) / 2;
};
const corr = (xs, ys) => {
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  xs.forEach((x, i) => {
    sxy += (x - mx) * (ys[i] - my);
    sxx += (x - mx) ** 2;
    syy += (ys[i] - my) ** 2;
  });
  return sxy / Math.sqrt(sxx * syy);
};
const blockValue = (b) => (metric === 'nsPerOp' ? b.wallNs : b.cpuNs) / b.ops;
const fmt = (x, d = 3) => (Number.isFinite(x) ? x.toFixed(d) : '—');

function pairsOf(bench) {
  const bySeq = [...bench.samples].sort((a, b) => a.seq - b.seq);
  const paired = bySeq.every((s) => s.pair);
  const base = bySeq.filter((s) => s.side === 'baseline');
  const cand = bySeq.filter((s) => s.side === 'candidate');
  if (paired) {
    const byFork = new Map(cand.map((c) => [c.pair.fork, c]));
    return {
      paired,
      pairs: base.flatMap((b) => (byFork.has(b.pair.fork) ? [[b, byFork.get(b.pair.fork)]] : [])),
    };
  }
  const n = Math.min(base.length, cand.length);
  return { paired, pairs: Array.from({ length: n }, (_, i) => [base[i], cand[i]]) };
}

function within(b, c) {
  const logs = b.pair.blocks.map((x, i) => Math.log(blockValue(c.pair.blocks[i]) / blockValue(x)));
  return { d: median(logs), sd: sd(logs) };
}

for (const file of files) {
  const run = JSON.parse(readFileSync(file, 'utf8'));
  const loads = run.benchmarks.flatMap((b) => b.samples.map((s) => s.env.loadAverage[0]));
  console.log(
    `${file}: ${run.config.design ?? 'forks'} design, load ${fmt(Math.min(...loads), 2)}–${fmt(Math.max(...loads), 2)}`,
  );
  for (const bench of run.benchmarks) {
    const { paired, pairs } = pairsOf(bench);
    if (pairs.length < 3) continue;
    const lb = pairs.map(([b]) => Math.log(b[metric]));
    const lc = pairs.map(([, c]) => Math.log(c[metric]));
    const slow = (ls) => ls.map((l) => l - Math.log(median(ls.map(Math.exp))) >= Math.log(1.45));
    const sb = slow(lb);
    const sc = slow(lc);
    const line = [
      `  ${bench.key}: n=${pairs.length}`,
      `ln sd baseline ${fmt(sd(lb))} candidate ${fmt(sd(lc))}`,
      `slow forks ${sb.filter(Boolean).length}+${sc.filter(Boolean).length}`,
      `corr ${fmt(corr(lb, lc), 2)}`,
    ];
    if (paired) {
      const w = pairs.map(([b, c]) => within(b, c));
      const both = sb.filter((x, i) => x && sc[i]).length;
      line.push(
        `within-fork log ratio sd ${fmt(sd(w.map((x) => x.d)))}`,
        `block sd inside a fork (median) ${fmt(median(w.map((x) => x.sd)))}`,
        `slow on both sides ${both}`,
      );
    } else {
      line.push(`pair log ratio sd ${fmt(sd(pairs.map(([b, c]) => Math.log(c[metric] / b[metric]))))}`);
    }
    console.log(line.join(' · '));
  }
}
