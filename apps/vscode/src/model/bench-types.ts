/**
 * The runner's types the extension reads, in one place: the event stream from `@tombstone-lab/bench/protocol`, the
 * persisted samples and verdicts from `@tombstone-lab/bench/runner` (type-only: nothing of the engine is bundled).
 */
import type { RunAnalysis } from '@tombstone-lab/bench/runner';

export type { BenchEvent } from '@tombstone-lab/bench/protocol';
export type { Role, Sample, SampleFailure, Side } from '@tombstone-lab/bench/runner';

/** The verdict of one benchmark case, as `benchmark-finished.analysis` and the results document carry it. */
export type BenchmarkVerdict = RunAnalysis['verdicts'][number];
/** Won, Held, Unchanged, Lost, Inconclusive or Invalid. */
export type Outcome = BenchmarkVerdict['outcome'];
