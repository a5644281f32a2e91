#!/usr/bin/env node
/**
 * Side by side with the peers (issue 20): the A/A and injected-slowdown comparisons that `tombstone-bench calibrate`
 * makes on the core package's main suite, made with tinybench, mitata and Benchmark.js, each read with the rule its
 * docs suggest, and with our runner (`tombstone-bench aa`, its defaults), counting how often each tool's answer is
 * wrong. Not a test and not shipped: a measurement script.
 *
 *   node packages/bench/scripts/peers.mjs [--rounds 3] [--slowdown-rounds 3] [--out peers.json]
 *   node packages/bench/scripts/peers.mjs --from peers-a.json --from peers-b.json [--out all.json]   (re-summarise)
 *
 * Each comparison runs in a fresh Node process (as a user runs one bench file); the four tools take turns in a
 * rotated order within every (round, kind, workload). Our runner measures one benchmark per invocation (the same
 * pair: `aa --filter <that case> [--slowdown s]`, forks of its own, `--no-typecheck`: the others type-check nothing). The workloads are the main suite's four benchmarks with the eager
 * storage (core's bench/rtl-workloads.ts, bundled once with esbuild; build core first). A slowdown is injected into the
 * candidate as a spin loop after each call, sized from the op's own time measured in that process, like the runner's
 * injector; the share really injected is recorded.
 *
 * Rules (a claim is "the candidate differs"; `thresholded` also asks |Δ| ≥ 2%, the runner's default threshold):
 * - tinybench: the intervals mean ± rme of the two tasks do not overlap.
 * - mitata: its summary's "N.NNx faster/slower" (the printed ratio, two decimals): any ratio other than 1.00x.
 * - Benchmark.js: `candidate.compare(baseline)` is not 0 (its Mann-Whitney U test at 5%).
 * - tombstone-bench: its verdict, Won (faster) or Lost (slower); Unchanged, Held and Inconclusive claim nothing.
 */

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = dirname(fileURLToPath(import.meta.url));
const TOOLS = ['tinybench', 'mitata', 'benchmark.js', 'tombstone-bench'];
const WORKLOADS = ['copyOnly:10', 'copyOnly:1000', 'copyAndAdd:10', 'copyAndAdd:1000'];
const THRESHOLD = 0.02;

async function bundleWorkloads() {
  const { build } = await import('esbuild');
  const core = resolve(here, '../../core');
  const outfile = join(mkdtempSync(join(tmpdir(), 'peers-')), 'workloads.mjs');
  await build({
    entryPoints: [join(core, 'bench/rtl-workloads.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile,
    alias: { '@tombstone-lab/core': join(core, 'dist/index.js') },
    nodePaths: [join(core, 'node_modules')],
    logLevel: 'error',
  });
  return outfile;
}

// ---------------------------------------------------------------- child: one comparison with one tool

/** A black hole the JIT cannot prove dead: a property of globalThis, read at the end. */
globalThis.__peersSink = 0;
globalThis.__peersSpin = 1;

function makeOp(mod, workload) {
  const [name, size] = workload.split(':');
  const state = { existing: mod.buildExisting(Number(size), 'eager') };
  const op =
    name === 'copyOnly'
      ? () => mod.copyOnly(state.existing)
      : () => mod.copyAndAdd(state.existing, mod.TAIL_TOMBSTONE);
  return () => {
    globalThis.__peersSink = op();
  };
}

/** The injected work: an integer LCG chain (not vectorisable), its own sink so it never reads the op's result. */
function spin(k) {
  let x = globalThis.__peersSpin;
  for (let i = 0; i < k; i++) x = (Math.imul(x, 1103515245) + 12345) | 0;
  globalThis.__peersSpin = x;
}

/** Median ns per call of `fn` over 7 batches of ~20 ms each. */
function nsPerCall(fn) {
  let calls = 1;
  for (;;) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < calls; i++) fn();
    if (Number(process.hrtime.bigint() - t0) > 20e6) break;
    calls *= 2;
  }
  const times = [];
  for (let b = 0; b < 7; b++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < calls; i++) fn();
    times.push(Number(process.hrtime.bigint() - t0) / calls);
  }
  return times.sort((a, b) => a - b)[3];
}

/** Two functions for one comparison: separate closures, the candidate with `slowdown` × the op's time of spinning. */
function pair(mod, workload, slowdown) {
  const baseline = makeOp(mod, workload);
  const plain = makeOp(mod, workload);
  if (slowdown === 0) return { baseline, candidate: plain, injected: 0 };
  const opNs = nsPerCall(plain);
  const spinNs = nsPerCall(() => spin(1000)) / 1000;
  const k = Math.max(1, Math.round((slowdown * opNs) / spinNs));
  return {
    baseline,
    candidate: () => {
      plain();
      spin(k);
    },
    injected: (k * spinNs) / opNs,
  };
}

async function withTinybench(b, c) {
  const { Bench } = await import('tinybench');
  const bench = new Bench();
  bench.add('baseline', b).add('candidate', c);
  await bench.run();
  const [rb, rc] = bench.tasks.map((t) => t.result.latency);
  const lo = (r) => r.mean * (1 - r.rme / 100);
  const hi = (r) => r.mean * (1 + r.rme / 100);
  const claim = hi(rc) < lo(rb) ? 'faster' : lo(rc) > hi(rb) ? 'slower' : 'same';
  return { claim, delta: rc.mean / rb.mean - 1 };
}

async function withMitata(b, c) {
  const { bench, run, summary } = await import('mitata');
  summary(() => {
    bench('baseline', b);
    bench('candidate', c);
  });
  const lines = [];
  await run({ colors: false, print: (s) => lines.push(s) });
  // The summary names the faster one first, then "N.NNx faster than <slower>" (run() prints nothing else like it).
  const text = lines.join('\n');
  const m = /summary\n\s+(baseline|candidate)\n\s+([\d.]+)x faster than (baseline|candidate)/.exec(text);
  if (!m) throw new Error(`mitata printed no summary:\n${text}`);
  const ratio = Number(m[2]);
  const claim = ratio === 1 ? 'same' : m[1] === 'candidate' ? 'faster' : 'slower';
  return { claim, delta: m[1] === 'candidate' ? 1 / ratio - 1 : ratio - 1 };
}

async function withBenchmarkJs(b, c) {
  const Benchmark = (await import('benchmark')).default;
  const suite = new Benchmark.Suite();
  suite.add('baseline', b).add('candidate', c);
  await new Promise((done, fail) => {
    suite.on('complete', done).on('error', (e) => fail(e.target.error));
    suite.run({ async: false });
  });
  const [rb, rc] = [suite[0], suite[1]];
  const cmp = rc.compare(rb); // 1: candidate faster, -1: slower, 0: no significant difference
  return {
    claim: cmp > 0 ? 'faster' : cmp < 0 ? 'slower' : 'same',
    delta: rc.stats.mean / rb.stats.mean - 1,
  };
}

async function child(tool, workload, slowdown, bundle) {
  const mod = await import(bundle);
  const { baseline, candidate, injected } = pair(mod, workload, slowdown);
  const t0 = process.hrtime.bigint();
  const how = { tinybench: withTinybench, mitata: withMitata, 'benchmark.js': withBenchmarkJs }[tool];
  const answer = await how(baseline, candidate);
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  process.stdout.write(
    `${JSON.stringify({ ...answer, injected, seconds, sink: typeof globalThis.__peersSink })}\n`,
  );
}

// ---------------------------------------------------------------- parent: the rounds

function runChild(args) {
  return new Promise((done, fail) => {
    const t0 = Date.now();
    const p = spawn(process.execPath, [fileURLToPath(import.meta.url), '--child', ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    p.stdout.on('data', (d) => {
      out += d;
    });
    p.on('error', fail);
    p.on('close', (code) => {
      if (code !== 0) return fail(new Error(`child ${args.join(' ')} exited ${code}`));
      const last = out.trim().split('\n').at(-1);
      done({ ...JSON.parse(last), processSeconds: (Date.now() - t0) / 1000 });
    });
  });
}

/** The main suite's case of one workload on the eager storage, as a `--filter` regular expression. */
function caseFilter(workload) {
  const [name, size] = workload.split(':');
  const bench = name === 'copyOnly' ? 'benchCopyOnly' : 'benchCopyAndAdd';
  return `\\.${bench}\\[size=${size},impl=eager\\]$`;
}

/** One comparison with our runner: `tombstone-bench aa` on that case, read from its `run-finished` event. */
function runOurs(workload, slowdown, outDir, label) {
  const core = resolve(here, '../../core');
  const args = [
    resolve(here, '../dist/cli.js'),
    'aa',
    'bench/range-tombstone-list.bench.ts',
    '--filter',
    caseFilter(workload),
    ...(slowdown > 0 ? ['--slowdown', String(slowdown)] : []),
    '--no-typecheck',
    '--no-fail-on-lost',
    '--json',
    '--out',
    join(outDir, `${label}.json`),
  ];
  return new Promise((done, fail) => {
    const t0 = Date.now();
    const p = spawn(process.execPath, args, { cwd: core, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    p.stdout.on('data', (d) => {
      out += d;
    });
    p.on('error', fail);
    p.on('close', (code) => {
      const events = out
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      const finished = events.find((e) => e.type === 'run-finished');
      const verdict = finished?.verdicts?.[0];
      if (code !== 0 || !verdict) return fail(new Error(`tombstone-bench ${args.join(' ')} exited ${code}`));
      const forks = events.filter((e) => e.type === 'sample-finished').length;
      const claim = verdict.outcome === 'Lost' ? 'slower' : verdict.outcome === 'Won' ? 'faster' : 'same';
      const delta = verdict.stats ? verdict.stats.deltaPercent / 100 : Number.NaN;
      // The share really injected on the judged clock: the median over the candidate's forks.
      const record = JSON.parse(readFileSync(join(outDir, `${label}.json`), 'utf8'));
      const shares = record.benchmarks
        .flatMap((b) => b.samples)
        .filter((x) => x.side === 'candidate' && x.injected)
        .map((x) => x.injected.cpuNsPerOp)
        .sort((a, b) => a - b);
      const injected = shares.length > 0 ? shares[shares.length >> 1] : 0;
      done({
        claim,
        delta,
        outcome: verdict.outcome,
        forks,
        injected,
        processSeconds: (Date.now() - t0) / 1000,
      });
    });
  });
}

/** Whether an answer is wrong: A/A claims a difference; an injected slowdown is not called slower. */
function wrong(r, thresholded) {
  const claim = thresholded && Math.abs(r.delta) < THRESHOLD ? 'same' : r.claim;
  return r.slowdown === 0 ? claim !== 'same' : claim !== 'slower';
}

function table(results) {
  const rows = [];
  for (const tool of TOOLS) {
    for (const slowdown of [...new Set(results.map((r) => r.slowdown))].sort()) {
      const rs = results.filter((r) => r.tool === tool && r.slowdown === slowdown);
      if (rs.length === 0) continue;
      const w = rs.filter((r) => wrong(r, false)).length;
      const wt = rs.filter((r) => wrong(r, true)).length;
      const secs = rs.reduce((a, r) => a + r.processSeconds, 0) / rs.length;
      const forks = rs.filter((r) => r.forks !== undefined);
      rows.push({
        tool,
        slowdown,
        comparisons: rs.length,
        wrong: w,
        wrongThresholded: wt,
        meanSeconds: secs,
        ...(forks.length > 0 ? { meanForks: forks.reduce((a, r) => a + r.forks, 0) / forks.length } : {}),
      });
    }
  }
  return rows;
}

async function parent(values) {
  const rounds = Number(values.rounds ?? 3);
  const slowdownRounds = Number(values['slowdown-rounds'] ?? rounds);
  const bundle = await bundleWorkloads();
  const oursDir = mkdtempSync(join(tmpdir(), 'peers-ours-'));
  const results = [];
  let turn = 0;
  for (let round = 1; round <= rounds; round++) {
    const kinds = round <= slowdownRounds ? [0, 0.1, 0.05] : [0];
    for (const slowdown of kinds) {
      for (const workload of WORKLOADS) {
        const order = TOOLS.map((_, i) => TOOLS[(i + turn) % TOOLS.length]);
        turn++;
        for (const tool of order) {
          const r =
            tool === 'tombstone-bench'
              ? await runOurs(
                  workload,
                  slowdown,
                  oursDir,
                  `r${round}-${slowdown}-${workload.replace(':', '-')}`,
                )
              : await runChild([tool, workload, String(slowdown), bundle]);
          results.push({ round, tool, workload, slowdown, ...r });
          process.stderr.write(
            `peers: round ${round} ${workload} +${slowdown * 100}% ${tool}: ${r.claim} (Δ ${(r.delta * 100).toFixed(2)}%, ` +
              `${r.processSeconds.toFixed(1)} s)\n`,
          );
          if (values.out)
            writeFileSync(values.out, JSON.stringify({ results, summary: table(results) }, null, 2));
        }
      }
    }
  }
  console.table(table(results));
}

/** Re-summarises the results of earlier invocations (e.g. one per core, `taskset -c 0|1`). */
function summariseFiles(files, out) {
  const results = files.flatMap((f) => JSON.parse(readFileSync(f, 'utf8')).results);
  if (out) writeFileSync(out, JSON.stringify({ from: files, results, summary: table(results) }, null, 2));
  console.table(table(results));
}

const { values, positionals } = parseArgs({
  options: {
    child: { type: 'boolean' },
    from: { type: 'string', multiple: true },
    rounds: { type: 'string' },
    'slowdown-rounds': { type: 'string' },
    out: { type: 'string' },
  },
  allowPositionals: true,
});
if (values.child) {
  const [tool, workload, slowdown, bundle] = positionals;
  await child(tool, workload, Number(slowdown), bundle);
} else if (values.from) {
  summariseFiles(values.from, values.out);
} else {
  await parent(values);
}
