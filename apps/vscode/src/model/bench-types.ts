/**
 * The runner's protocol types the extension reads, in one place (all from `@tombstone-lab/bench/protocol`, whose
 * validators the extension bundles; nothing of the engine is).
 */
export type {
  BenchEvent,
  ListedSuite,
  ProtocolComparison as Comparison,
  ProtocolRole as Role,
  ProtocolRunSummary as RunSummary,
  ProtocolSample as Sample,
  ProtocolSampleFailure as SampleFailure,
  ProtocolSide as Side,
  SideSummary,
  Verdict as BenchmarkVerdict,
  VerdictOutcome as Outcome,
} from '@tombstone-lab/bench/protocol';
