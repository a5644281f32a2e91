/**
 * Entry point of every forked process. Loads one compiled bench bundle, and either describes its suite or measures
 * one benchmark case, then writes one JSON result line to file descriptor 3 and exits.
 */
import { writeSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { SuiteShape } from '../suite/cases.js';
import { type AnySuite, isSuite } from '../suite/define.js';
import { BlackHole } from './black-hole.js';
import { captureEnvironment } from './environment.js';
import { type ForkJob, type ForkResult, RESULT_FD } from './fork-protocol.js';
import { measure, type Op, runOps } from './measure.js';
import { keepRaisedPriority } from './priority.js';

function send(result: ForkResult): void {
  writeSync(RESULT_FD, `${JSON.stringify(result)}\n`);
}

async function loadSuite(bundle: string): Promise<AnySuite> {
  const mod = (await import(pathToFileURL(bundle).href)) as { default?: unknown };
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
  const bh = new BlackHole();
  return { op: () => fn(state, bh), bh, done: async () => void (await s.teardown?.(state)) };
}

async function main(job: ForkJob): Promise<void> {
  const suite = await loadSuite(job.bundle);
  if (job.mode === 'describe') {
    send({ ok: true, mode: 'describe', shape: shapeOf(suite) });
    return;
  }
  const { op, bh, done } = await prepare(suite, job.benchmark, job.params);
  if (job.mode === 'count') {
    runOps(op, bh, job.ops);
    await done();
    send({ ok: true, mode: 'count', ops: job.ops });
    return;
  }
  const measurement = measure(op, bh, job);
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
