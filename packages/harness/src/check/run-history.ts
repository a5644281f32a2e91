import { isRead, type Op, type ReadOp } from '../ops.js';
import type { WorkloadSpec } from '../spec.js';
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
 * Replays `ops` against a fresh engine and a fresh reference model and compares every read; after each flush and
 * compaction and at the end (quiescent points: nothing in flight), every partition the model has seen is read
 * forward and reversed from both. Stops at the first divergence.
 */
export function runHistory(spec: WorkloadSpec, ops: Iterable<Op>, setup: EngineSetup): HistoryResult {
  const engine = new EngineDriver(spec, setup);
  const model = new ReferenceModel(spec);
  const stats: HistoryStats = { ops: 0, reads: 0, sweeps: 0, rows: 0 };
  let position = 0;
  let last: Op | null = null;
  const compare = (op: Op, read: ReadOp): Divergence | null => {
    const expected = model.read(read);
    let actual: ResultRow[];
    try {
      actual = engine.read(read);
    } catch (error) {
      return { position, op, read, expected, actual: [], error: String(error) };
    }
    stats.reads++;
    stats.rows += expected.length;
    return same(expected, actual) ? null : { position, op, read, expected, actual };
  };
  const sweep = (op: Op): Divergence | null => {
    stats.sweeps++;
    for (const pk of model.keys()) {
      for (const reversed of [false, true]) {
        const found = compare(op, { k: op.k, kind: 'readPartition', pk, reversed });
        if (found) return found;
      }
    }
    return null;
  };
  for (const op of ops) {
    last = op;
    let found: Divergence | null;
    if (isRead(op)) found = compare(op, op);
    else {
      try {
        engine.apply(op);
      } catch (error) {
        return {
          divergence: { position, op, read: null, expected: [], actual: [], error: String(error) },
          stats,
        };
      }
      model.apply(op);
      found = op.kind === 'flush' || op.kind === 'compact' ? sweep(op) : null;
    }
    stats.ops++;
    if (found) return { divergence: found, stats };
    position++;
  }
  position--;
  const found = last === null ? null : sweep(last);
  return { divergence: found, stats };
}
