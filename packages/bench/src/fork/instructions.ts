import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { BenchError } from '../errors.js';
import type { ParamValue } from '../model.js';
import { runFork } from './fork.js';

/** Flags that make V8 deterministic enough for instruction counts (notes: 0.003% spread instead of ±2.4%). */
export const PREDICTABLE_NODE_ARGS = [
  '--single-threaded',
  '--predictable',
  '--hash-seed=1',
  '--random-seed=1',
] as const;

/** Whether `valgrind` can be run. */
export function valgrindAvailable(): boolean {
  const r = spawnSync('valgrind', ['--version'], { encoding: 'utf8', shell: false, timeout: 10_000 });
  return r.status === 0;
}

/** The `summary:` (or `totals:`) instruction count of a callgrind output file. */
export function parseCallgrindTotal(text: string): number | null {
  const m = /^(?:summary|totals):\s*(\d+)/m.exec(text);
  return m ? Number(m[1]) : null;
}

/** What to count. */
export interface CountJob {
  bundle: string;
  benchmark: string;
  params: Record<string, ParamValue>;
  /** ns/op of the timed sample, to size the op counts. */
  nsPerOp: number;
}

/** Settings of the instruction counter. */
export interface CounterOptions {
  worker: string;
  /** The bundled measuring kit (compile.ts `kitScript`). */
  kit: string;
  cacheDir: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

/** An instruction count, or why there is none. */
export type CountResult = { instructionsPerOp: number } | { instructionsPerOp: null; error: string };

/**
 * Instructions per op under callgrind: the same fork run at two op counts (k and 2k) with predictable V8 flags; the
 * difference divided by k cancels start-up, module loading and setup (≈ 500 M instructions on its own). When either
 * run fails the count is null with the reason, so the sample keeps its timing, the reason is recorded, and
 * `metric_present` reports the gap.
 */
export function instructionCounter(opts: CounterOptions): (job: CountJob) => Promise<CountResult> {
  if (!valgrindAvailable())
    throw new BenchError('--instructions needs valgrind, which is not installed or not runnable');
  const dir = join(opts.cacheDir, 'callgrind');
  mkdirSync(dir, { recursive: true });
  let serial = 0;
  const countAt = async (job: CountJob, ops: number): Promise<number | string> => {
    const out = join(dir, `callgrind-${process.pid}-${serial++}.out`);
    try {
      const outcome = await runFork(
        {
          mode: 'count',
          kit: opts.kit,
          bundle: job.bundle,
          benchmark: job.benchmark,
          params: job.params,
          ops,
        },
        {
          worker: opts.worker,
          nodeArgs: [...PREDICTABLE_NODE_ARGS],
          wrapper: ['valgrind', '--tool=callgrind', `--callgrind-out-file=${out}`],
          timeoutMs: opts.timeoutMs,
          ...(opts.signal ? { signal: opts.signal } : {}),
        },
      );
      if (outcome.kind !== 'result')
        return `callgrind fork at ${ops} ops: ${outcome.kind}: ${outcome.message}`;
      if (!outcome.result.ok) return `callgrind fork at ${ops} ops threw: ${outcome.result.message}`;
      const total = parseCallgrindTotal(readFileSync(out, 'utf8'));
      return total ?? `callgrind output at ${ops} ops has no summary line`;
    } catch (e) {
      return `callgrind fork at ${ops} ops: ${(e as Error).message}`;
    } finally {
      rmSync(out, { force: true });
    }
  };
  return async (job) => {
    // About 20 ms of native work per run (valgrind is ~50× slower), at least 1,000 ops so JIT tiers settle.
    const k = Math.max(1000, Math.min(1_000_000, Math.round(20e6 / Math.max(job.nsPerOp, 1))));
    const one = await countAt(job, k);
    if (typeof one === 'string') return { instructionsPerOp: null, error: one };
    const two = await countAt(job, 2 * k);
    if (typeof two === 'string') return { instructionsPerOp: null, error: two };
    return { instructionsPerOp: Math.max(0, (two - one) / k) };
  };
}
