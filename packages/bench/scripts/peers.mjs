#!/usr/bin/env node
/**
 * Side by side with the peers (issue 20): the A/A and injected-slowdown comparisons that `tombstone-bench calibrate`
 * makes on the core package's main suite, made with tinybench, mitata and Benchmark.js, each read with the rule its
 * docs suggest, and with our runner (`tombstone-bench aa`, its defaults), counting how often each tool's answer is
 * wrong. Not a test and not shipped: a measurement script.
 *
 *   node packages/bench/scripts/peers.mjs [--rounds 3] [--slowdown-rounds 3] [--out peers.json]
 *       [--noise] [--tools tombstone-bench,benchmark.js] [--workloads arrayCopy:1000,copyOnly:10]
 *   node packages/bench/scripts/peers.mjs --git-case 10 [--git-n 6] [--noise] [--out git.json]
 *   node packages/bench/scripts/peers.mjs --from peers-a.json --from peers-b.json [--out all.json]   (re-summarise)
 *
 * `--noise` starts a noise generator for the whole invocation, the way a laptop or a shared CI runner is busy: a
 * process that keeps one core busy in random bursts of 10–200 ms with random pauses of 10–200 ms between them (the
 * duet paper's noise experiments, Bulej et al. ICPE 2020); every comparison records the 1-min load beside it.
 * `--git-case N` makes a scratch git project whose second commit makes `sortCopy` of 200 numbers ~35–50% slower and
 * runs `tombstone-bench compare --baseline HEAD~1 -n 6` N times: both sort benchmarks should read Lost, the
 * untouched one never.
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
// arrayCopy:1000 is the ~1 µs op of issue 33 (copying an array of 1,000 numbers); the others are core's main suite.
const WORKLOADS = ['arrayCopy:1000', 'copyOnly:10', 'copyOnly:1000', 'copyAndAdd:10', 'copyAndAdd:1000'];
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
  if (name === 'arrayCopy') {
    const xs = Array.from({ length: Number(size) }, (_, i) => i);
    return () => {
      globalThis.__peersSink = xs.slice();
    };
  }
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

/** The array-copy workload as a bench file of its own (a plain JavaScript project, as a user writes one). */
const ARRAY_COPY_BENCH = `import { defineSuite } from '@tombstone-lab/bench';
export default defineSuite({
  name: 'ArrayCopy',
  params: { size: [1000] },
  setup: (p) => ({ xs: Array.from({ length: p.size }, (_, i) => i) }),
  benchmarks: { copy: (s) => s.xs.slice() },
});
`;

let arrayCopyDir;
function arrayCopyProject() {
  if (!arrayCopyDir) {
    arrayCopyDir = mkdtempSync(join(tmpdir(), 'peers-array-'));
    writeFileSync(join(arrayCopyDir, 'copy.bench.mjs'), ARRAY_COPY_BENCH);
  }
  return arrayCopyDir;
}

/** Where and what our runner measures for a workload: core's main suite case, or the array-copy bench file. */
function oursTarget(workload) {
  if (workload.startsWith('arrayCopy:')) return { cwd: arrayCopyProject(), files: ['copy.bench.mjs'] };
  const core = resolve(here, '../../core');
  return { cwd: core, files: ['bench/range-tombstone-list.bench.ts', '--filter', caseFilter(workload)] };
}

/** One comparison with our runner: `tombstone-bench aa` on that case, read from its `run-finished` event. */
function runOurs(workload, slowdown, outDir, label) {
  const { cwd: core, files } = oursTarget(workload);
  const args = [
    resolve(here, '../dist/cli.js'),
    'aa',
    ...files,
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

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0
    ? Number.NaN
    : s.length % 2
      ? s[s.length >> 1]
      : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

function table(results) {
  const rows = [];
  const cells = [...new Set(results.map((r) => `${r.condition ?? 'idle'}|${r.workload}`))].sort();
  for (const cell of cells)
    for (const tool of TOOLS) {
      for (const slowdown of [...new Set(results.map((r) => r.slowdown))].sort()) {
        const rs = results.filter(
          (r) =>
            r.tool === tool && r.slowdown === slowdown && `${r.condition ?? 'idle'}|${r.workload}` === cell,
        );
        if (rs.length === 0) continue;
        const w = rs.filter((r) => wrong(r, false)).length;
        const wt = rs.filter((r) => wrong(r, true)).length;
        const secs = rs.reduce((a, r) => a + r.processSeconds, 0) / rs.length;
        const forks = rs.filter((r) => r.forks !== undefined);
        const loads = rs.map((r) => r.load).filter((x) => x !== undefined);
        rows.push({
          cell,
          tool,
          slowdown,
          comparisons: rs.length,
          wrong: w,
          wrongThresholded: wt,
          meanSeconds: secs,
          medianSeconds: median(rs.map((r) => r.processSeconds)),
          ...(loads.length > 0
            ? { load: `${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}` }
            : {}),
          ...(forks.length > 0 ? { meanForks: forks.reduce((a, r) => a + r.forks, 0) / forks.length } : {}),
        });
      }
    }
  return rows;
}

/** The noise generator: one core busy in random bursts of 10–200 ms with random pauses of 10–200 ms. */
const NOISE = `let x = 1;
const ms = () => 10 + Math.random() * 190;
function burst() {
  const end = Date.now() + ms();
  while (Date.now() < end) x = (Math.imul(x, 1103515245) + 12345) | 0;
  globalThis.sink = x;
  setTimeout(burst, ms());
}
burst();`;

function startNoise() {
  const p = spawn(process.execPath, ['-e', NOISE], { stdio: 'ignore' });
  return () => p.kill('SIGKILL');
}

const load1 = () => Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);

async function parent(values) {
  const tools = values.tools ? values.tools.split(',') : TOOLS;
  const workloads = values.workloads ? values.workloads.split(',') : WORKLOADS;
  const condition = values.noise ? 'noise' : 'idle';
  const rounds = Number(values.rounds ?? 3);
  const slowdownRounds = Number(values['slowdown-rounds'] ?? rounds);
  const bundle = await bundleWorkloads();
  const oursDir = mkdtempSync(join(tmpdir(), 'peers-ours-'));
  const results = [];
  let turn = 0;
  for (let round = 1; round <= rounds; round++) {
    const kinds = round <= slowdownRounds ? [0, 0.1, 0.05] : [0];
    for (const slowdown of kinds) {
      for (const workload of workloads) {
        const order = tools.map((_, i) => tools[(i + turn) % tools.length]);
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
          results.push({ round, tool, workload, slowdown, condition, load: load1(), ...r });
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

// ---------------------------------------------------------------- the git-compare case

const SORT_V1 = `/** Sorted copies (commit 1). */
export function sortCopy(xs) { return [...xs].sort((a, b) => a - b); }
export function sumCopy(xs) { let t = 0; for (const x of xs) t += x; return t; }
`;
// Commit 2: the same result, ~35–50% slower: it also sorts a scratch copy of the first 45% of the input (a
// "validation" pass), which costs about 0.4 of the full sort.
const SORT_V2 = `/** Sorted copies (commit 2: "validated", and slower). */
export function sortCopy(xs) {
  const scratch = xs.slice(0, Math.floor(xs.length * 0.45)).sort((a, b) => a - b);
  globalThis.__workScratch = scratch.length;
  return [...xs].sort((a, b) => a - b);
}
export function sumCopy(xs) { let t = 0; for (const x of xs) t += x; return t; }
`;
const SORT_BENCH = `import { defineSuite } from '@tombstone-lab/bench';
import { sortCopy, sumCopy } from '../src/work.mjs';
export default defineSuite({
  name: 'Work',
  params: { size: [200] },
  setup: (p) => ({ xs: Array.from({ length: p.size }, (_, i) => (i * 7919) % p.size) }),
  benchmarks: {
    sortCopy: (s) => sortCopy(s.xs),
    sortCopyTwice: (s) => sortCopy(sortCopy(s.xs)),
    sumCopy: (s) => sumCopy(s.xs),
  },
});
`;

function git(cwd, ...args) {
  return new Promise((done, fail) => {
    const p = spawn('git', args, { cwd, stdio: 'ignore' });
    p.on('close', (code) => (code === 0 ? done() : fail(new Error(`git ${args.join(' ')} exited ${code}`))));
  });
}

async function gitProject() {
  const { mkdirSync } = await import('node:fs');
  const dir = mkdtempSync(join(tmpdir(), 'peers-git-'));
  mkdirSync(join(dir, 'src'));
  mkdirSync(join(dir, 'bench'));
  mkdirSync(join(dir, '.tombstone-bench'));
  writeFileSync(join(dir, 'package.json'), '{ "name": "work", "private": true, "type": "module" }\n');
  writeFileSync(join(dir, '.gitignore'), '.tombstone-bench\n');
  writeFileSync(join(dir, 'src/work.mjs'), SORT_V1);
  writeFileSync(join(dir, 'bench/work.bench.mjs'), SORT_BENCH);
  await git(dir, 'init', '-q');
  await git(dir, 'add', '-A');
  await git(
    dir,
    '-c',
    'user.name=peers',
    '-c',
    'user.email=peers@example.invalid',
    'commit',
    '-qm',
    'sort, commit 1',
  );
  writeFileSync(join(dir, 'src/work.mjs'), SORT_V2);
  await git(
    dir,
    '-c',
    'user.name=peers',
    '-c',
    'user.email=peers@example.invalid',
    'commit',
    '-qam',
    'sort, commit 2',
  );
  return dir;
}

/** `compare --baseline HEAD~1 -n 6` on the sort commit, `runs` times; the outcome of each benchmark per run. */
async function gitCase(runs, values) {
  const dir = await gitProject();
  const results = [];
  for (let i = 1; i <= runs; i++) {
    // Under .tombstone-bench (gitignored): a results file in the work tree would make it "dirty".
    const out = join(dir, '.tombstone-bench', `run-${i}.json`);
    const n = values['git-n'] ?? '6';
    const args = [
      resolve(here, '../dist/cli.js'),
      'compare',
      '--baseline',
      'HEAD~1',
      'bench/work.bench.mjs',
      '-n',
      n,
    ];
    const t0 = Date.now();
    const text = await new Promise((done, fail) => {
      const p = spawn(process.execPath, [...args, '--no-fail-on-lost', '--json', '--out', out], {
        cwd: dir,
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let buf = '';
      p.stdout.on('data', (d) => {
        buf += d;
      });
      p.on('error', fail);
      p.on('close', () => done(buf));
    });
    const finished = text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .find((e) => e.type === 'run-finished');
    const outcomes = Object.fromEntries((finished?.verdicts ?? []).map((v) => [v.key, v.outcome]));
    const deltas = Object.fromEntries(
      (finished?.verdicts ?? []).map((v) => [v.key, v.stats?.deltaPercent ?? null]),
    );
    const r = {
      run: i,
      n: Number(n),
      condition: values.noise ? 'noise' : 'idle',
      load: load1(),
      seconds: (Date.now() - t0) / 1000,
      outcomes,
      deltas,
    };
    results.push(r);
    process.stderr.write(
      `peers: git case ${i}: ${JSON.stringify(outcomes)} (${r.seconds.toFixed(1)} s, load ${r.load})\n`,
    );
    if (values.out) writeFileSync(values.out, JSON.stringify({ gitCase: results }, null, 2));
  }
  const keys = Object.keys(results[0]?.outcomes ?? {});
  console.table(
    keys.map((key) => ({
      key,
      Lost: results.filter((r) => r.outcomes[key] === 'Lost').length,
      runs: results.length,
      medianSeconds: median(results.map((r) => r.seconds)),
    })),
  );
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
    noise: { type: 'boolean' },
    tools: { type: 'string' },
    workloads: { type: 'string' },
    'git-case': { type: 'string' },
    'git-n': { type: 'string' },
  },
  allowPositionals: true,
});
if (values.child) {
  const [tool, workload, slowdown, bundle] = positionals;
  await child(tool, workload, Number(slowdown), bundle);
} else if (values.from) {
  summariseFiles(values.from, values.out);
} else {
  const stopNoise = values.noise ? startNoise() : () => {};
  process.on('SIGINT', () => {
    stopNoise();
    process.exit(130);
  });
  try {
    if (values['git-case']) await gitCase(Number(values['git-case']), values);
    else await parent(values);
  } finally {
    stopNoise();
  }
}
