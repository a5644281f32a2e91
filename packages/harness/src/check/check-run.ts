import { checkOp, decodeOp, opLine } from '../encode/ndjson.js';
import { describeValue, HarnessArgumentError } from '../errors.js';
import {
  arrayArgument,
  labelArgument,
  objectArgument,
  specArgument,
  stringArgument,
} from '../generator/api-arguments.js';
import type { Op } from '../generator/ops.js';
import { checkIndex, type Seed } from '../generator/seed.js';
import { parseWorkloadSpec, type WorkloadSpec } from '../generator/spec.js';
import { workload } from '../generator/workload.js';
import type { Pacer } from '../pacer.js';
import { checkRangeStoreName, type RangeStoreName, rangeStoreNamed } from '../workloads/range-stores.js';
import { corruptorNamed } from './corruptors.js';
import type { EngineSetup } from './engine.js';
import { rowsJson } from './result-row.js';
import { type Divergence, type HistoryStats, runHistory, runHistoryPaced } from './run-history.js';
import { shrinkDivergence, shrinkDivergencePaced } from './shrink.js';

/** Which engine a check runs: a range store and, to prove the checker, optionally a corruptor. */
export interface EngineChoice {
  readonly rangeStore: RangeStoreName;
  readonly corruptor: string | null;
}

/** What one stream's check found. */
export interface StreamCheck {
  readonly seed: Seed;
  readonly stream: number;
  readonly stats: HistoryStats;
  readonly elapsedMs: number;
  /** Null when engine and model agreed on every read. */
  readonly divergence: Divergence | null;
  /** The shrunk history that still diverges, as a replay file (NDJSON), when there was a divergence. */
  readonly replay: string | null;
  /** Ops in the history up to the divergence, and after shrinking. */
  readonly historyOps: number;
  readonly shrunkOps: number;
}

/**
 * A choice from JavaScript: an object with a known `rangeStore` and a `corruptor` name or null.
 * @throws HarnessArgumentError naming `fn` and the bad field.
 */
function choiceArgument(value: unknown, fn: string): EngineChoice {
  const choice = objectArgument(value, fn, 'choice');
  const corruptor = choice.corruptor ?? null;
  if (corruptor !== null && typeof corruptor !== 'string')
    throw new HarnessArgumentError(
      `${fn}: choice.corruptor must be a name or null, got ${describeValue(corruptor)}`,
    );
  return { rangeStore: checkRangeStoreName(choice.rangeStore, `${fn}: choice.rangeStore`), corruptor };
}

/** The engine setup of a choice. @throws HarnessArgumentError for an unknown store or corruptor. */
export function engineSetup(choice: EngineChoice): EngineSetup {
  const base: EngineSetup = { rangeStore: rangeStoreNamed(choice.rangeStore) };
  if (choice.corruptor === null) return base;
  const corruptor = corruptorNamed(choice.corruptor);
  if (corruptor === undefined)
    throw new HarnessArgumentError(`unknown corruptor ${describeValue(choice.corruptor)}`);
  return corruptor.plant(base);
}

/**
 * Throws unless the model can answer every read of the spec exactly:
 * - a tombstone (of any kind, cell tombstones included) may be purged once it is past gc grace; a later write with a timestamp at or below it would then be
 *   visible or not depending on purge timing. With timestamps at most `spread` away from `start + k`, such a write
 *   comes at most 2·spread ops after the tombstone, so gc grace must cover 2·spread ops of clock;
 * - rows per partition must fit the model's dense row index (2^16).
 */
export function checkSpecIsCheckable(spec: WorkloadSpec): void {
  const { policy, window } = spec.timestamps;
  const spread = policy === 'monotonic' ? 0 : policy === 'colliding' ? window - 1 : window;
  const needed = Math.ceil(2 * spread * spec.clock.secondsPerOp);
  if (spec.gcGraceSeconds < needed) {
    throw new HarnessArgumentError(
      `check: gcGraceSeconds must be at least ${needed} (2 × timestamp spread ${spread} × clock.secondsPerOp ${spec.clock.secondsPerOp}) so no write lands under a purgeable tombstone, got ${spec.gcGraceSeconds}`,
    );
  }
  const rows = spec.schema.clustering.reduce((n, c) => n * c.cardinality, 1);
  if (rows > 65_536) throw new HarnessArgumentError(`check: at most 65536 rows per partition, got ${rows}`);
}

/** What checking a stream needs besides the spec: the engine, the ops and the shrinking options. */
export interface StreamCheckOptions {
  from?: number;
  shrink?: boolean;
  shrinkBudget?: number;
}

function checkedStream(spec: WorkloadSpec, seed: Seed, ops: number, options: StreamCheckOptions) {
  checkSpecIsCheckable(spec);
  const w = workload(spec, seed);
  const from = options.from ?? 0;
  w.checkRange(from, ops);
  const shrink = {
    ...(options.shrink === undefined ? {} : { shrink: options.shrink }),
    ...(options.shrinkBudget === undefined ? {} : { budget: options.shrinkBudget }),
  };
  return { w, from, shrink };
}

/**
 * Checks ops `from … from + ops − 1` of one stream against a fresh engine and the reference model; on a divergence,
 * shrinks the history (ddmin, each candidate replayed on a fresh engine) and renders it as a replay file.
 * @throws HarnessArgumentError for ops past the spec's last valid op (see `Workload.lastOp`) or an unknown engine.
 */
export function checkStream(
  spec: WorkloadSpec,
  seed: Seed,
  stream: number,
  ops: number,
  choice: EngineChoice,
  options: StreamCheckOptions = {},
): StreamCheck {
  spec = specArgument(spec, 'checkStream');
  checkIndex(seed, 'checkStream: seed');
  checkIndex(stream, 'checkStream: stream');
  checkIndex(ops, 'checkStream: ops');
  choice = choiceArgument(choice, 'checkStream');
  objectArgument(options, 'checkStream', 'options');
  const { w, from, shrink } = checkedStream(spec, seed, ops, options);
  const setup = engineSetup(choice);
  const started = performance.now();
  const { divergence, stats } = runHistory(spec, w.ops(stream, from, ops), setup);
  const elapsedMs = performance.now() - started;
  if (divergence === null) {
    return { seed, stream, stats, elapsedMs, divergence, replay: null, historyOps: stats.ops, shrunkOps: 0 };
  }
  const history = [...w.ops(stream, from, divergence.position + 1)];
  const shrunk = shrinkDivergence(spec, history, setup, divergence, shrink);
  return diverged(spec, seed, stream, choice, { stats, elapsedMs, divergence }, history.length, shrunk);
}

/** The result of a stream that diverged: its replay file is the shrunk history (one shape for both checkers). */
function diverged(
  spec: WorkloadSpec,
  seed: Seed,
  stream: number,
  choice: EngineChoice,
  run: { stats: HistoryStats; elapsedMs: number; divergence: Divergence },
  historyOps: number,
  shrunk: { divergence: Divergence; ops: readonly Op[]; evaluations: number },
): StreamCheck {
  const replay = replayFile(
    spec,
    seed,
    stream,
    choice,
    shrunk.divergence,
    shrunk.ops,
    historyOps,
    shrunk.evaluations,
  );
  return { seed, stream, ...run, replay, historyOps, shrunkOps: shrunk.ops.length };
}

/**
 * {@link checkStream} for the CLI: paced through `pacer` so Ctrl-C stops it within a slice. Interrupted while
 * checking, it resolves with `interrupted` and the stats so far (no replay: nothing diverged); interrupted while
 * shrinking, with the smallest diverging history found so far as its replay file.
 */
export async function checkStreamPaced(
  spec: WorkloadSpec,
  seed: Seed,
  stream: number,
  ops: number,
  choice: EngineChoice,
  pacer: Pacer,
  options: StreamCheckOptions & { progress?: (stats: HistoryStats) => void } = {},
): Promise<StreamCheck & { interrupted: boolean }> {
  const { w, from, shrink } = checkedStream(spec, seed, ops, options);
  const setup = engineSetup(choice);
  const started = performance.now();
  let stats: HistoryStats = { ops: 0, reads: 0, sweeps: 0, rows: 0 };
  const outcome = await runHistoryPaced(spec, w.ops(stream, from, ops), setup, pacer, (s) => {
    stats = s;
    options.progress?.(s);
  });
  const elapsedMs = performance.now() - started;
  if (outcome === null || outcome.divergence === null) {
    return {
      seed,
      stream,
      stats: outcome?.stats ?? stats,
      elapsedMs,
      divergence: null,
      replay: null,
      historyOps: (outcome?.stats ?? stats).ops,
      shrunkOps: 0,
      interrupted: outcome === null,
    };
  }
  const { divergence } = outcome;
  const history = [...w.ops(stream, from, divergence.position + 1)];
  const shrunk = await shrinkDivergencePaced(spec, history, setup, divergence, pacer, shrink);
  const run = { stats: outcome.stats, elapsedMs, divergence };
  return {
    ...diverged(spec, seed, stream, choice, run, history.length, shrunk),
    interrupted: shrunk.interrupted,
  };
}

const opJson = (op: Op) => JSON.parse(opLine(op)) as unknown;

/** The NDJSON replay file: a header line (seed, stream, engine, spec, the divergence), then one op per line. */
export function replayFile(
  spec: WorkloadSpec,
  seed: Seed,
  stream: number,
  choice: EngineChoice,
  divergence: Divergence,
  ops: readonly Op[],
  originalOps: number,
  evaluations: number,
): string {
  spec = specArgument(spec, 'replayFile');
  for (const [name, value] of Object.entries({ seed, stream, originalOps, evaluations }))
    checkIndex(value, `replayFile: ${name}`);
  choice = choiceArgument(choice, 'replayFile');
  const d = objectArgument(divergence, 'replayFile', 'divergence');
  checkOp(d.op, 'replayFile: divergence.op');
  if (d.read !== null) checkOp(d.read, 'replayFile: divergence.read');
  arrayArgument(d.expected, 'replayFile', 'divergence.expected');
  arrayArgument(d.actual, 'replayFile', 'divergence.actual');
  for (const [i, op] of arrayArgument(ops, 'replayFile', 'ops').entries())
    checkOp(op, `replayFile: ops[${i}]`);
  const header = {
    tombstoneHarnessReplay: 1,
    seed,
    stream,
    rangeStore: choice.rangeStore,
    corruptor: choice.corruptor,
    divergence: {
      k: divergence.op.k,
      op: opJson(divergence.op),
      read: divergence.read === null ? null : opJson(divergence.read),
      expected: rowsJson(divergence.expected),
      actual: rowsJson(divergence.actual),
      ...(divergence.error === undefined ? {} : { error: divergence.error }),
    },
    ops: { original: originalOps, shrunk: ops.length, evaluations },
    spec,
  };
  return `${JSON.stringify(header)}\n${ops.map((op) => `${opLine(op)}\n`).join('')}`;
}

/** A parsed replay file. */
export interface Replay {
  readonly spec: WorkloadSpec;
  readonly seed: Seed;
  readonly stream: number;
  readonly choice: EngineChoice;
  readonly ops: readonly Op[];
}

/**
 * Parses a replay file written by {@link replayFile}.
 * @param name the file's name, for errors (`name:line: …`).
 * @throws HarnessArgumentError naming the line and the bad value; WorkloadSpecError for a bad embedded spec.
 */
export function parseReplay(text: string, name = 'replay'): Replay {
  labelArgument(name, 'parseReplay', 'name', '');
  stringArgument(text, 'parseReplay', 'text');
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const first = lines[0];
  if (first === undefined) throw new HarnessArgumentError(`${name}: empty replay file`);
  let header: Record<string, unknown>;
  try {
    header = JSON.parse(first) as Record<string, unknown>;
  } catch (error) {
    throw new HarnessArgumentError(`${name}:1: the header is not JSON (${(error as Error).message})`);
  }
  if (header === null || typeof header !== 'object' || header.tombstoneHarnessReplay !== 1) {
    throw new HarnessArgumentError(
      `${name}:1: not a tombstone-harness replay header (tombstoneHarnessReplay: 1)`,
    );
  }
  const spec = parseWorkloadSpec(header.spec, `${name}:1 spec`);
  const index = (key: string) => {
    const value = header[key];
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
      throw new HarnessArgumentError(
        `${name}:1: ${key} must be a non-negative safe integer, got ${describeValue(value)}`,
      );
    return value;
  };
  const corruptor = header.corruptor ?? null;
  if (corruptor !== null && typeof corruptor !== 'string')
    throw new HarnessArgumentError(
      `${name}:1: corruptor must be a name or null, got ${describeValue(corruptor)}`,
    );
  const choice: EngineChoice = {
    rangeStore: checkRangeStoreName(header.rangeStore, `${name}:1: rangeStore`),
    corruptor,
  };
  engineSetup(choice);
  const ops = lines.slice(1).map((line, i) => decodeOp(line, spec, `${name}:${i + 2}`));
  checkRecordedHistory(header, ops, name);
  return { spec, seed: index('seed'), stream: index('stream'), choice, ops };
}

/**
 * A replay file written by `check` records how many ops it holds (`ops.shrunk`) and the op it diverged at
 * (`divergence.k`): a file that lost lines (a truncated copy, a header alone) is an error naming what is missing,
 * not a run of the remaining ops that quietly finds "no divergence".
 */
function checkRecordedHistory(header: Record<string, unknown>, ops: readonly Op[], name: string): void {
  const recorded = header.ops as { shrunk?: unknown } | undefined;
  if (recorded !== undefined) {
    const n = recorded?.shrunk;
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0)
      throw new HarnessArgumentError(
        `${name}:1: ops.shrunk must be a non-negative safe integer, got ${describeValue(n)}`,
      );
    if (ops.length !== n)
      throw new HarnessArgumentError(
        `${name}: the header records ${n} op${n === 1 ? '' : 's'}, the file has ${ops.length} (truncated or edited?)`,
      );
  }
  const divergence = header.divergence as { k?: unknown } | null | undefined;
  if (divergence === undefined || divergence === null) return;
  const k = divergence.k;
  if (typeof k !== 'number' || !Number.isSafeInteger(k) || k < 0)
    throw new HarnessArgumentError(
      `${name}:1: divergence.k must be a non-negative safe integer, got ${describeValue(k)}`,
    );
  if (!ops.some((op) => op.k === k))
    throw new HarnessArgumentError(
      `${name}: the header records a divergence at op ${k}, but op ${k} is not in the file (truncated or edited?)`,
    );
}

/** Re-runs a replay on a fresh engine. */
export function runReplay(replay: Replay): { divergence: Divergence | null; stats: HistoryStats } {
  const r = objectArgument(replay, 'runReplay', 'replay (as parseReplay returns it)');
  const spec = specArgument(r.spec, 'runReplay');
  const choice = choiceArgument(r.choice, 'runReplay: replay');
  const ops = arrayArgument(r.ops, 'runReplay', 'replay.ops').map((op, i) =>
    checkOp(op, `runReplay: replay.ops[${i}]`),
  );
  checkSpecIsCheckable(spec);
  return runHistory(spec, ops, engineSetup(choice));
}
