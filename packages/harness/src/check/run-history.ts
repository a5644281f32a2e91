import { isRead, type Op, type ReadOp } from '../generator/ops.js';
import type { WorkloadSpec } from '../generator/spec.js';
import type { Pacer } from '../pacer.js';
import { EngineDriver, type EngineSetup } from './engine.js';
import { ReferenceModel } from './reference-model.js';
import { type ResultRow, sameRow } from './result-row.js';

/** Where engine and model disagreed. */
export interface Divergence {
  /** Position of the op in the replayed history. */
  readonly position: number;
  /** The op during which they disagreed (for a quiescent sweep: the flush, compaction or last op it followed). */
  readonly op: Op;
  /** The read that disagreed: the op itself, or a partition read of the quiescent sweep after it. */
  readonly read: ReadOp | null;
  readonly expected: readonly ResultRow[];
  readonly actual: readonly ResultRow[];
  /** Set when the engine threw instead of answering. */
  readonly error?: string;
}

/** Counters of one replay. */
export interface HistoryStats {
  /** Ops applied to both engine and model (reads included). */
  ops: number;
  /** Reads compared (the history's own and the sweeps'). */
  reads: number;
  /** Quiescent sweeps: every partition read forward and reversed. */
  sweeps: number;
  /** Rows compared. */
  rows: number;
}

/** The outcome of a replay. */
export interface HistoryResult {
  readonly divergence: Divergence | null;
  readonly stats: HistoryStats;
}

const same = (a: readonly ResultRow[], b: readonly ResultRow[]) =>
  a.length === b.length && a.every((row, i) => sameRow(row, b[i]!));

/**
 * One replay of a history, an op at a time ({@link step}): {@link runHistory} drives it to the end at once, and the
 * CLI's paced driver ({@link runHistoryPaced}) gives the event loop a turn now and then so Ctrl-C is heard.
 */
class HistoryReplay {
  readonly stats: HistoryStats = { ops: 0, reads: 0, sweeps: 0, rows: 0 };
  readonly #engine: EngineDriver;
  readonly #model: ReferenceModel;
  readonly #ops: Iterator<Op>;
  #position = 0;
  #last: Op | null = null;

  constructor(spec: WorkloadSpec, ops: Iterable<Op>, setup: EngineSetup) {
    this.#engine = new EngineDriver(spec, setup);
    this.#model = new ReferenceModel(spec);
    this.#ops = ops[Symbol.iterator]();
  }

  /** Applies (or reads) the next op; returns the outcome once the history diverged or ended, else undefined. */
  step(): HistoryResult | undefined {
    const next = this.#ops.next();
    if (next.done === true) {
      this.#position--;
      const last = this.#last;
      return { divergence: last === null ? null : this.#sweep(last), stats: this.stats };
    }
    const op = next.value;
    this.#last = op;
    let found: Divergence | null;
    if (isRead(op)) found = this.#compare(op, op);
    else {
      try {
        this.#engine.apply(op);
      } catch (error) {
        const position = this.#position;
        return {
          divergence: { position, op, read: null, expected: [], actual: [], error: String(error) },
          stats: this.stats,
        };
      }
      this.#model.apply(op);
      found = op.kind === 'flush' || op.kind === 'compact' ? this.#sweep(op) : null;
    }
    this.stats.ops++;
    if (found) return { divergence: found, stats: this.stats };
    this.#position++;
    return undefined;
  }

  #compare(op: Op, read: ReadOp): Divergence | null {
    const position = this.#position;
    const expected = this.#model.read(read);
    let actual: ResultRow[];
    try {
      actual = this.#engine.read(read);
    } catch (error) {
      return { position, op, read, expected, actual: [], error: String(error) };
    }
    this.stats.reads++;
    this.stats.rows += expected.length;
    return same(expected, actual) ? null : { position, op, read, expected, actual };
  }

  #sweep(op: Op): Divergence | null {
    this.stats.sweeps++;
    for (const pk of this.#model.keys()) {
      for (const reversed of [false, true]) {
        const found = this.#compare(op, { k: op.k, kind: 'readPartition', pk, reversed });
        if (found) return found;
      }
    }
    return null;
  }
}

/**
 * Replays `ops` against a fresh engine and a fresh reference model and compares every read; after each flush and
 * compaction and at the end (quiescent points: nothing in flight), every partition the model has seen is read
 * forward and reversed from both. Stops at the first divergence.
 */
export function runHistory(spec: WorkloadSpec, ops: Iterable<Op>, setup: EngineSetup): HistoryResult {
  const replay = new HistoryReplay(spec, ops, setup);
  for (;;) {
    const result = replay.step();
    if (result !== undefined) return result;
  }
}

/**
 * {@link runHistory}, pausing through `pacer` so Ctrl-C and progress lines get their turn; `onOp` sees each op's
 * count. Resolves to null when interrupted (the stats so far stay readable through `progress`).
 */
export async function runHistoryPaced(
  spec: WorkloadSpec,
  ops: Iterable<Op>,
  setup: EngineSetup,
  pacer: Pacer,
  progress?: (stats: HistoryStats) => void,
): Promise<HistoryResult | null> {
  const replay = new HistoryReplay(spec, ops, setup);
  for (;;) {
    const result = replay.step();
    if (result !== undefined) return result;
    if (pacer.due()) {
      progress?.(replay.stats);
      if (await pacer.pause()) return null;
    }
  }
}
