/**
 * Entry point of every forked process. Loads one compiled bench bundle, and either describes its suite, measures one
 * side of a benchmark case, or measures both sides in one process (paired), then writes one JSON result line to file
 * descriptor 3 and exits. The timed code comes from the measuring kit (measure-kit.ts), loaded once per side.
 */
import { writeSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { seededRandom } from '../measure/rng.js';
import type { Side } from '../model.js';
import type { SuiteShape } from '../suite/cases.js';
import { type AnySuite, isSuite } from '../suite/define.js';
import type { BlackHole } from './black-hole.js';
import { captureEnvironment } from './environment.js';
import { type ForkJob, type ForkResult, type PairedJob, RESULT_FD } from './fork-protocol.js';
import type { Op } from './measure.js';
import { measurePaired } from './measure-paired.js';
import { keepRaisedPriority } from './priority.js';

/** The measuring kit's exports (measure-kit.ts), as one side's copy of them. */
type Kit = typeof import('./measure-kit.js');

function send(result: ForkResult): void {
  writeSync(RESULT_FD, `${JSON.stringify(result)}\n`);
}

/**
 * Imports a module under a URL of its own for `instance`: the same file imported under two query strings is two
 * module instances (its own functions, classes and state), which is how the two sides of a paired fork never share a
 * call site even when both run the same bundle (a factor comparison).
 */
function importInstance<T>(file: string, instance: string): Promise<T> {
  const url = pathToFileURL(file);
  url.searchParams.set('side', instance);
  return import(url.href) as Promise<T>;
}

async function loadSuite(bundle: string, instance: string): Promise<AnySuite> {
  const mod = await importInstance<{ default?: unknown }>(bundle, instance);
  if (!isSuite(mod.default)) {
    throw new Error('the bench file must `export default defineSuite({ … })` from @tombstone-lab/bench');
  }
  return mod.default;
}

function shapeOf(suite: AnySuite): SuiteShape {
  const primary =
    suite.primary === undefined
      ? null
      : typeof suite.primary === 'string'
        ? [suite.primary]
        : [...suite.primary];
  return {
    name: suite.name,
    params: Object.fromEntries(Object.entries(suite.params ?? {}).map(([k, v]) => [k, [...v]])),
    compare: suite.compare ? { ...suite.compare } : null,
    primary,
    ...(suite.sampling ? { sampling: { ...suite.sampling } } : {}),
    benchmarks: Object.keys(suite.benchmarks),
  };
}

type UntypedSuite = {
  setup?: (p: unknown) => unknown;
  teardown?: (s: unknown) => unknown;
  benchmarks: Record<string, (s: unknown, bh: BlackHole) => unknown>;
};

async function prepare(
  kit: Kit,
  suite: AnySuite,
  benchmark: string,
  params: Record<string, unknown>,
): Promise<{ op: Op; bh: BlackHole; done: () => Promise<void> }> {
  const s = suite as unknown as UntypedSuite;
  const fn = s.benchmarks[benchmark];
  if (typeof fn !== 'function') {
    throw new Error(`suite ${suite.name} has no benchmark ${JSON.stringify(benchmark)} in this revision`);
  }
  const state = s.setup ? await s.setup(params) : undefined;
  const bh = new kit.BlackHole();
  return { op: () => fn(state, bh), bh, done: async () => void (await s.teardown?.(state)) };
}

/** One side of a paired fork: its own kit, its own suite instance, set up. */
async function pairedSide(job: PairedJob, side: Side) {
  const kit = await importInstance<Kit>(job.kit, side);
  const suite = await loadSuite(job.bundles[side], side);
  const prepared = await prepare(kit, suite, job.benchmark, job.params[side]);
  const settings = { ...job, slowdown: job.slowdown[side] };
  return { kit, prepared, measurer: new kit.SideMeasurer(prepared.op, prepared.bh, settings) };
}

async function runPaired(job: PairedJob): Promise<void> {
  const second: Side = job.first === 'baseline' ? 'candidate' : 'baseline';
  // Loaded and set up in the recorded order: whichever side is first also gets the first heap and code addresses.
  const a = await pairedSide(job, job.first);
  const b = await pairedSide(job, second);
  const sides = { [job.first]: a, [second]: b } as Record<Side, typeof a>;
  const rand = seededRandom(job.seed);
  const paired = await measurePaired(
    { baseline: sides.baseline.measurer, candidate: sides.candidate.measurer },
    job.first,
    () => rand() < 0.5,
    () => a.kit.collectGarbage(),
  );
  await a.prepared.done();
  await b.prepared.done();
  send({ ok: true, mode: 'paired', ...paired, env: captureEnvironment(job.pinned) });
}

async function main(job: ForkJob): Promise<void> {
  if (job.mode === 'paired') return runPaired(job);
  const suite = await loadSuite(job.bundle, 'single');
  if (job.mode === 'describe') {
    send({ ok: true, mode: 'describe', shape: shapeOf(suite) });
    return;
  }
  const kit = await importInstance<Kit>(job.kit, 'single');
  const { op, bh, done } = await prepare(kit, suite, job.benchmark, job.params);
  if (job.mode === 'count') {
    kit.runOps(op, bh, job.ops);
    await done();
    send({ ok: true, mode: 'count', ops: job.ops });
    return;
  }
  const measurement = await kit.measure(op, bh, job);
  await done();
  send({ ok: true, mode: 'sample', measurement, env: captureEnvironment(job.pinned) });
}

const raw = process.argv[2];
// First, before loading the bench file: the whole fork runs at the priority the runner was started with.
keepRaisedPriority();
try {
  if (raw === undefined) throw new Error('fork-worker: missing job argument');
  await main(JSON.parse(raw) as ForkJob);
  // Exit explicitly: timers or sockets left open by a benchmark must not keep the fork alive.
  process.exit(0);
} catch (e) {
  const err = e instanceof Error ? e : new Error(String(e));
  send({ ok: false, message: err.message, stack: err.stack ?? err.message });
  process.exit(1);
}
