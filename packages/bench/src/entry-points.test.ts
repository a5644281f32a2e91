import { describe, expect, it } from 'vitest';

// The public surface is deliberate: a new runtime export must be added here on purpose, and internals (fork, git,
// planning) must never leak into an entry point again.
describe('entry points', () => {
  it('`.` holds what suite authors need: defineSuite, its error, the statistics and theirs', async () => {
    const m = await import('@tombstone-lab/bench');
    expect(Object.keys(m).sort()).toEqual([
      'StatsInputError',
      'SuiteDefinitionError',
      'defineSuite',
      'factorial2x2',
      'fitGrowth',
      'hodgesLehmann',
      'hodgesLehmannRatio',
      'mannWhitneyU',
    ]);
    expect(() => m.mannWhitneyU([], [1])).toThrow(m.StatsInputError);
  });

  it('`./runner` holds the engine, its errors and the results reader', async () => {
    const m = await import('@tombstone-lab/bench/runner');
    expect(Object.keys(m).sort()).toEqual([
      'BenchCompileError',
      'BenchError',
      'BenchLoadError',
      'GitError',
      'ResultsFileError',
      'UsageError',
      'analyzeRun',
      'main',
      'readRun',
    ]);
  });

  it('`./protocol` holds the protocol version (its event types are types only)', async () => {
    const m = await import('@tombstone-lab/bench/protocol');
    expect(Object.keys(m).sort()).toEqual(['PROTOCOL_VERSION']);
  });
});
