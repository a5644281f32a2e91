/**
 * Test-only: the seed-000 suite (benchCopyOnly / benchCopyAndAdd × size 10, 1000) as a RunRecord fixture whose
 * medians are exactly the seed's, for the report tests.
 */

import type { RunRecord } from '../model.js';
import { aroundMedian, makeRecord, makeRun, SEED_000 } from '../stats/test-fixtures.js';

/** The four seed-000 benchmarks; benchCopyOnly at size 1000 is the primary, the rest guardrails. */
export function seedRun(): RunRecord {
  const rec = (
    suite: string,
    benchmark: string,
    size: number,
    m: { baseline: number; candidate: number },
    primary = false,
  ) =>
    makeRecord({
      suite,
      benchmark,
      params: { size },
      role: primary ? 'primary' : 'guardrail',
      baseline: aroundMedian(m.baseline),
      candidate: aroundMedian(m.candidate),
      labels: { baseline: 'git:061749b0', candidate: 'git:ca5e7e41' },
    });
  const run = makeRun(
    [
      rec('RangeTombstoneListBench', 'benchCopyOnly', 1000, SEED_000.copyOnly1000, true),
      rec('RangeTombstoneListBench', 'benchCopyAndAdd', 1000, SEED_000.copyAndAdd1000),
      rec('RangeTombstoneListSize10Bench', 'benchCopyOnly', 10, SEED_000.copyOnly10),
      rec('RangeTombstoneListSize10Bench', 'benchCopyAndAdd', 10, SEED_000.copyAndAdd10),
    ],
    {},
    {
      kind: 'revision',
      baseline: 'HEAD~1',
      candidate: 'HEAD',
      baselineCommit: '061749b0ae48d5b3be1f78754f177bdd745c7a1e',
      candidateCommit: 'ca5e7e41597ff05a09028d2e0f382df62db4620d',
    },
  );
  // Key without the suite's size suffix, as in the seed's selector column.
  for (const b of run.benchmarks) b.key = `${b.id.suite}.${b.id.benchmark}`;
  return run;
}
