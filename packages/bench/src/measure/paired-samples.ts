/**
 * A paired fork's outcome as the results file records it: one sample per side, both carrying the fork's `pair`
 * (its number, which side went first, every block as that side saw it), or one failure per side when the fork gave
 * no result (a paired fork measures both sides, so both lose it).
 */
import type { ForkOutcome } from '../fork/fork.js';
import type { Measurement } from '../fork/fork-protocol.js';
import type { Sample, SampleFailure, Side } from '../model.js';

/** A fork's measurement of one side as the results file records it (one-side and paired forks alike). */
export function sampleOf(m: Measurement, at: Pick<Sample, 'seq' | 'side' | 'startedAt' | 'env'>): Sample {
  return {
    seq: at.seq,
    side: at.side,
    ops: m.ops,
    nsPerOp: m.nsPerOp,
    cpuNsPerOp: m.cpuNsPerOp,
    bytesPerOp: m.bytesPerOp,
    gcCount: m.gcCount,
    gcTimeMs: m.gcTimeMs,
    warmupOps: m.warmupOps,
    warmupStable: m.warmupStable,
    ...(m.injected ? { injected: m.injected } : {}),
    startedAt: at.startedAt,
    env: at.env,
  };
}

/** The two records of one paired fork, baseline first; `seq` is the first of the two consecutive numbers. */
export function pairedRecords(
  outcome: ForkOutcome,
  seq: number,
  startedAt: string,
): [Sample, Sample] | [SampleFailure, SampleFailure] {
  if (outcome.kind === 'result' && outcome.result.ok && outcome.result.mode === 'paired') {
    const r = outcome.result;
    const sample = (side: Side, i: number): Sample => ({
      ...sampleOf(r.measurements[side], { seq: seq + i, side, startedAt, env: r.env }),
      pair: {
        fork: seq,
        first: r.first === side,
        blocks: r.blocks.map((b) => ({ lead: b.lead === side, ...b[side] })),
      },
    });
    return [sample('baseline', 0), sample('candidate', 1)];
  }
  const failure = failureOf(outcome);
  return [
    { seq, side: 'baseline', ...failure },
    { seq: seq + 1, side: 'candidate', ...failure },
  ];
}

function failureOf(outcome: ForkOutcome): Omit<SampleFailure, 'seq' | 'side'> {
  if (outcome.kind === 'result') {
    const r = outcome.result;
    const message = r.ok ? `unexpected ${r.mode} result from a paired fork` : r.message;
    const logTail = r.ok ? outcome.logTail : `${outcome.logTail}${r.stack}`.slice(-4000);
    return { kind: 'throw', message, logTail };
  }
  return {
    kind: outcome.kind === 'timeout' ? 'timeout' : 'crash',
    message: outcome.message,
    logTail: outcome.logTail,
  };
}
