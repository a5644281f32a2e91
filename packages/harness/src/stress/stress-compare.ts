import { spawn } from 'node:child_process';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import * as v from 'valibot';
import { describeValue, HarnessArgumentError } from '../errors.js';
import type { KindSummary, StressSummary } from './stress-summary.js';

/** Two engine configurations measured against each other, each run in fresh processes. */
export interface StressCompareRequest {
  /** Values of the compared option, Before then After, e.g. `['eager', 'copy-on-write']`. */
  readonly configs: readonly [string, string];
  /** The option that takes them, e.g. `--range-store`. */
  readonly option: string;
  /** Fresh processes per configuration (interleaved in pairs, the order within each pair a seeded coin flip). */
  readonly rounds: number;
  /** The `stress` arguments shared by both sides (spec, seed, ops or duration, rate). */
  readonly args: readonly string[];
  /** The CLI script each fresh process runs (`node <cli> stress … --json`). */
  readonly cliPath: string;
  /** Seed of the interleaving order. */
  readonly seed: number;
  /** With a prefix, each process writes its HdrHistogram log to `<prefix>-<config>-<round>.hlog`. */
  readonly hdrLogPrefix: string | null;
  readonly onRun?: (config: string, round: number) => void;
  /** Ctrl-C: the running process is interrupted and no further one starts. */
  readonly signal?: AbortSignal;
}

/** Thrown when the signal stopped a comparison: too few runs to judge. */
export class StressInterruptedError extends Error {
  override readonly name = 'StressInterruptedError';
  constructor(readonly completed: number) {
    super(`interrupted after ${completed} runs`);
  }
}

/** What `stress --compare` measured: every process's summary per side, and the per-metric medians. */
export interface StressComparison {
  readonly configs: readonly [string, string];
  readonly rounds: number;
  /** Whether both sides run the same configuration (an A/A calibration: every delta is run-to-run noise). */
  readonly aa: boolean;
  readonly runs: readonly {
    /** 'before' (configs[0]) or 'after' (configs[1]): kept apart even when both run the same configuration. */
    readonly side: 'before' | 'after';
    readonly config: string;
    readonly round: number;
    readonly summary: StressSummary;
  }[];
  readonly before: StressSummary;
  readonly after: StressSummary;
}

const kindSchema = v.object({
  kind: v.string(),
  opRate: v.number(),
  partitionRate: v.number(),
  rowRate: v.number(),
  latencyMeanMs: v.number(),
  latencyMedianMs: v.number(),
  latencyP95Ms: v.number(),
  latencyP99Ms: v.number(),
  latencyP999Ms: v.number(),
  latencyMaxMs: v.number(),
  totalOps: v.number(),
  totalPartitions: v.number(),
  totalErrors: v.number(),
});

/** The `stress --json` output, as the parent reads it back from a fresh process. */
export const stressSummarySchema = v.object({
  label: v.record(v.string(), v.union([v.string(), v.number()])),
  elapsedSec: v.number(),
  targetRate: v.nullable(v.number()),
  interrupted: v.boolean(),
  kinds: v.pipe(v.array(kindSchema), v.minLength(1)),
  gcCount: v.number(),
  gcTimeMs: v.number(),
  cpuPerMillionOps: v.number(),
});

/** A/A: both sides name the same configuration. */
export function isSameConfiguration(configs: readonly [string, string]): boolean {
  return configs[0] === configs[1];
}

/** Runs one fresh `stress --json` process (argument array, no shell) and validates what it printed. */
function runOnce(request: StressCompareRequest, side: 0 | 1, round: number): Promise<StressSummary> {
  const config = request.configs[side];
  // An A/A comparison runs one configuration on both sides: the side letter keeps their logs apart.
  const which = isSameConfiguration(request.configs) ? `-${'AB'[side]}` : '';
  const log =
    request.hdrLogPrefix === null ? null : `${request.hdrLogPrefix}-${config}${which}-${round + 1}.hlog`;
  const args = [request.cliPath, 'stress', ...request.args, request.option, config, '--json'];
  if (log !== null) args.push('--hdr-log', log);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const stop = () => child.kill('SIGINT');
    request.signal?.addEventListener('abort', stop, { once: true });
    child.on('exit', () => request.signal?.removeEventListener('abort', stop));
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) {
        reject(
          new HarnessArgumentError(
            `stress ${request.option} ${config} exited ${code}: ${err.trim().slice(-500)}`,
          ),
        );
        return;
      }
      try {
        resolve(v.parse(stressSummarySchema, JSON.parse(out)) as StressSummary);
      } catch (e) {
        reject(
          new Error(`stress ${request.option} ${config} printed no valid summary: ${(e as Error).message}`),
        );
      }
    });
  });
}

const KIND_FIELDS = [
  'opRate',
  'partitionRate',
  'rowRate',
  'latencyMeanMs',
  'latencyMedianMs',
  'latencyP95Ms',
  'latencyP99Ms',
  'latencyP999Ms',
  'latencyMaxMs',
  'totalOps',
  'totalPartitions',
  'totalErrors',
] as const;

/**
 * The median of a non-empty sample (NaN for an empty one). The Before → After table's figures only: the judged
 * metrics' medians and statistics are bench's (stress-verdicts.ts).
 */
function medianOf(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Per-metric medians over several processes' summaries of the same configuration. */
export function medianSummary(summaries: readonly StressSummary[]): StressSummary {
  const first = summaries[0];
  if (first === undefined) throw new HarnessArgumentError('no summaries to take the median of');
  const med = (f: (s: StressSummary) => number) => medianOf(summaries.map(f));
  const kinds = first.kinds.map((k): KindSummary => {
    const of = (s: StressSummary) => s.kinds.find((x) => x.kind === k.kind);
    const row: Record<string, number | string> = { kind: k.kind };
    for (const f of KIND_FIELDS) row[f] = medianOf(summaries.map((s) => of(s)?.[f] ?? Number.NaN));
    return row as unknown as KindSummary;
  });
  return {
    label: { ...first.label, processes: summaries.length },
    elapsedSec: med((s) => s.elapsedSec),
    targetRate: first.targetRate,
    interrupted: summaries.some((s) => s.interrupted),
    kinds,
    gcCount: med((s) => s.gcCount),
    gcTimeMs: med((s) => s.gcTimeMs),
    cpuPerMillionOps: med((s) => s.cpuPerMillionOps),
  };
}

/**
 * Runs both configurations `rounds` times each, interleaved in pairs (ABAB… with a seeded order within each pair,
 * as bench does for its forks), every run a fresh process, and returns the per-metric medians per side.
 * @throws HarnessArgumentError for a bad round count or a run that fails.
 */
export async function compareStress(request: StressCompareRequest): Promise<StressComparison> {
  if (!Number.isSafeInteger(request.rounds) || request.rounds < 1)
    throw new HarnessArgumentError(`rounds must be a positive integer, got ${describeValue(request.rounds)}`);
  const rng = xoroshiro128plus(request.seed);
  const runs: { side: 'before' | 'after'; config: string; round: number; summary: StressSummary }[] = [];
  for (let round = 0; round < request.rounds; round++) {
    const order = uniformInt(rng, 0, 1) === 0 ? ([0, 1] as const) : ([1, 0] as const);
    for (const side of order) {
      if (request.signal?.aborted) throw new StressInterruptedError(runs.length);
      const config = request.configs[side];
      request.onRun?.(config, round);
      const summary = await runOnce(request, side, round).catch((error: unknown) => {
        throw request.signal?.aborted ? new StressInterruptedError(runs.length) : error;
      });
      runs.push({ side: side === 0 ? 'before' : 'after', config, round, summary });
    }
  }
  const median = (side: 'before' | 'after') =>
    medianSummary(runs.filter((r) => r.side === side).map((r) => r.summary));
  return {
    configs: request.configs,
    rounds: request.rounds,
    aa: isSameConfiguration(request.configs),
    runs,
    before: median('before'),
    after: median('after'),
  };
}
