/**
 * The last step of the plan stage: a run's cases with their effective sampling, its sequential design, the record it
 * resumes (checked to have been measured the same way), and the checks that must fail before the first fork rather
 * than after the last (a gate that cannot fail, an analysis naming a parameter the cases lack).
 */
import { factorialOption, growthOption } from '../analyse/option-analyses.js';
import { UsageError } from '../errors.js';
import type { MeasurementSettings, RunRecord } from '../model.js';
import { minimumAchievableP } from '../stats/mann-whitney.js';
import {
  looksUpTo,
  type RankTest,
  reachableLooks,
  type SequentialDesign,
  sequentialDesign,
} from '../stats/sequential/design.js';
import { DEFAULT_FUTILITY } from '../stats/sequential/futility.js';
import { minimumSignedRankP } from '../stats/signed-rank.js';
import { significanceReach } from '../stats/significance-reach.js';
import { readResumeFile } from './bench-files.js';
import type { RunSetup } from './plan-run.js';
import { caseSampling, createRecord, type PlannedCase, resolveSampling } from './planned-case.js';
import { checkResumable } from './resume-check.js';

/** What the measure stage is handed: the cases, the run's final configuration and design, the record to continue. */
export interface MeasurePlan {
  cases: PlannedCase[];
  comparison: RunRecord['comparison'];
  config: RunRecord['config'];
  /** What a sample measures, recorded in the run and checked on resume. */
  measurement: MeasurementSettings;
  /** Continue this record (`--resume`): completed samples are skipped. */
  resume?: RunRecord;
  /** A sequential run's design (`config.sequential` computed): each case is looked at and may stop early. */
  design?: SequentialDesign;
}

/** What a sample measures, recorded in the run and checked on resume. */
export function measurementOf(setup: RunSetup): MeasurementSettings {
  const { sample } = setup.settings;
  return {
    sampleMs: sample.sampleMs,
    warmupMaxMs: sample.warmupMaxMs,
    // Absent when 0, as in files written before the minimum existed (resume-check.ts reads absent as 0).
    ...(sample.warmupMinMs > 0 ? { warmupMinMs: sample.warmupMinMs } : {}),
    allocation: sample.allocation,
    instructions: Boolean(setup.options.instructions),
  };
}

/**
 * The design of a sequential run of `cases` benchmarks: looks every `lookEvery` up to n (a look that cannot stop
 * moved to the first n that can: {@link reachableLooks}), and the design's alpha the run's alpha split over the
 * benchmarks under Holm. Why split: a benchmark stopped with a difference must keep it
 * after Holm whatever the others read, and Holm's first step is alpha / m (with the whole alpha per benchmark, 8
 * benchmarks stopped at n = 5 with p = 0.0079 each would all be Unchanged after Holm, 8 · 0.0079 > 0.05).
 */
function sequentialConfig(
  setup: RunSetup,
  cases: number,
  design: 'paired' | 'forks',
): NonNullable<RunRecord['config']['sequential']> {
  const { alpha, correction } = setup.output.overrides;
  const spending = setup.options.spending ?? 'pocock';
  const designAlpha = correction === 'holm' ? alpha / Math.max(1, cases) : alpha;
  const every = looksUpTo(setup.settings.config.samplesPerSide, setup.options.lookEvery ?? 5);
  const test = testOf({ design });
  const looks = reachableLooks({ looks: every, alpha: designAlpha, spending, test });
  const futility = setup.options.futility === false ? {} : { futility: DEFAULT_FUTILITY };
  return { looks, spending, designAlpha, ...futility };
}

/**
 * The measurement design of a run of `cases` benchmarks: the asked one, except that the default paired design gives
 * way to one side per fork when -n is too small for it to reach alpha. Why: n paired forks are n values for the
 * signed-rank test, whose smallest p is 2/2^n (0.031 at n = 6; × 3 benchmarks under Holm 0.094, never below 0.05),
 * while 2n one-side forks reach 2/C(2n, n) (0.0022 at n = 6). Asked for explicitly, such a paired run is refused
 * before anything runs.
 */
function designFor(setup: RunSetup, cases: number): 'paired' | 'forks' {
  const asked = setup.settings.config.design ?? 'forks';
  if (asked !== 'paired') return asked;
  const { alpha, correction } = setup.output.overrides;
  const family = correction === 'holm' ? Math.max(1, cases) : 1;
  const n = setup.settings.config.samplesPerSide;
  const floor = minimumSignedRankP(n) * family;
  if (floor < alpha || minimumAchievableP(n, n) * family >= alpha) return 'paired';
  const why =
    `-n ${n} paired forks can reach p ${Number(floor.toPrecision(3))} at best` +
    (family > 1 ? ` (2/2^${n} × ${family} benchmarks, Holm)` : ` (2/2^${n})`) +
    `, not below alpha ${alpha}`;
  if (setup.options.design === 'paired') {
    throw new UsageError(
      `--design paired: ${why}; raise -n to ${pairedNeeded(alpha, family)} or drop --design paired`,
    );
  }
  setup.log(
    `note: ${why}; measuring one side per fork instead (2n forks reach ${Number((minimumAchievableP(n, n) * family).toPrecision(3))}); -n ${pairedNeeded(alpha, family)} or more keeps both sides in every fork\n`,
  );
  return 'forks';
}

/** The smallest n at which paired forks can reach alpha in a family of `family` under Holm. */
function pairedNeeded(alpha: number, family: number): number {
  let n = 1;
  while (minimumSignedRankP(n) * family >= alpha) n++;
  return n;
}

/** The designs in a reader's words. */
const DESIGN_WORDS = {
  paired: 'both sides in each fork',
  forks: 'one side per fork',
} as const;

/** The rank test of a run's measurement design: signed-rank over paired forks, else Mann-Whitney. */
function testOf(config: Pick<RunRecord['config'], 'design'>): RankTest {
  return config.design === 'paired' ? 'signed-rank' : 'mann-whitney';
}

/** The design of a run config (computed once per process per spec), or undefined for a fixed-n run. */
function designOf(config: RunRecord['config']): SequentialDesign | undefined {
  const { sequential } = config;
  return sequential
    ? sequentialDesign({
        looks: sequential.looks,
        alpha: sequential.designAlpha,
        spending: sequential.spending,
        test: testOf(config),
      })
    : undefined;
}

/**
 * Cases with their effective sampling (a suite's own `sampling` applies where the options do not set it) and the
 * run's design (sequential unless `fixedN`): what `run` and each run of `calibrate` measure alike.
 */
export function designRun(
  setup: RunSetup,
  planned: readonly PlannedCase[],
  comparison: RunRecord['comparison'],
) {
  const cases = resolveSampling(planned, setup.settings.sample, {
    sampleMs: setup.options.sampleMs !== undefined,
    warmupMaxMs: setup.options.warmupMs !== undefined,
    warmupMinMs: setup.options.warmupMinMs !== undefined,
  });
  const measured = designFor(setup, cases.length);
  const config: RunRecord['config'] = { ...setup.settings.config, design: measured };
  if (!setup.options.fixedN) config.sequential = sequentialConfig(setup, cases.length, measured);
  const plan: MeasurePlan = { cases, comparison, config, measurement: measurementOf(setup) };
  const design = designOf(config);
  return design ? { ...plan, design } : plan;
}

/** The record to continue, after checking it was measured the same way, and the plan's config adjusted to it. */
function withResume(setup: RunSetup, plan: MeasurePlan): MeasurePlan {
  const { resume } = setup.options;
  if (!resume) return plan;
  const recorded = readResumeFile(setup.cwd, resume);
  // Without samplesPerSide the file's own count is continued; with it the run may grow (never shrink). A sequential
  // run's looks and boundaries are fixed by its design, so its maximum cannot change.
  const samplesPerSide = setup.options.samplesPerSide ?? recorded.config.samplesPerSide;
  if (recorded.config.sequential && samplesPerSide !== recorded.config.samplesPerSide) {
    throw new UsageError(
      `--resume: ${resume} is a sequential run with at most ${recorded.config.samplesPerSide} samples per side; ` +
        `its design cannot change to -n ${samplesPerSide}`,
    );
  }
  const sampling = new Map(
    plan.cases.map((c) => [c.bench.key, c.sample ? caseSampling(c.sample) : undefined]),
  );
  const { comparison, measurement } = plan;
  checkResumable(resume, recorded, { comparison, measurement, samplesPerSide, sampling });
  const { sequential } = recorded.config;
  // The futility stop is part of the design: a resumed run keeps the file's (its looks are decided again with it).
  const { futility } = setup.options;
  if (futility !== undefined && futility !== Boolean(sequential?.futility))
    throw new UsageError(
      `--resume: ${resume} was measured ${sequential?.futility ? 'with' : 'without'} the futility stop; its design cannot change`,
    );
  // The design is the file's (absent: one side per fork, every file before protocol 10): samples of two designs
  // never mix in one benchmark.
  const design = recorded.config.design ?? 'forks';
  const asked = setup.options.design;
  if (asked !== undefined && asked !== design)
    throw new UsageError(
      `--resume: ${resume} was measured with the ${design} design (${DESIGN_WORDS[design]}); it cannot be continued with --design ${asked}` +
        (recorded.config.design === undefined ? ' (it was written before paired forks existed)' : ''),
    );
  const config = { ...plan.config, samplesPerSide, design, ...(sequential ? { sequential } : {}) };
  if (!sequential) delete config.sequential;
  const { design: _, ...rest } = plan;
  const sequentialDesign = designOf(config);
  return {
    ...rest,
    config,
    resume: { ...recorded, config: { ...recorded.config, samplesPerSide, design } },
    ...(sequentialDesign ? { design: sequentialDesign } : {}),
  };
}

/**
 * Before measuring: whether `cases` benchmarks at the plan's n can reach alpha under its correction. Asked to
 * gate explicitly (`failOnLost: true`, `--fail-on-lost`) on a run whose gate cannot fail is a usage error; otherwise
 * a warning is logged now (and the report repeats it), not after the minutes of measuring.
 * @throws {UsageError} when gating was asked for and cannot fail.
 */
function checkGateCanFail(setup: RunSetup, plan: MeasurePlan): void {
  const n = plan.config.samplesPerSide;
  const cases = plan.cases.length;
  const { alpha, correction } = setup.output.overrides;
  const reach = significanceReach(
    Array.from({ length: cases }, () => ({ baseline: n, candidate: n })),
    alpha,
    correction,
  );
  if (!reach || reach.reachable) return;
  const holm = correction === 'holm' && cases > 1 ? ` with Holm across ${cases} benchmarks` : '';
  const why =
    `-n ${n} cannot reach alpha ${alpha}${holm} (smallest achievable p ${Number(reach.smallestP.toPrecision(3))}), so no ` +
    `benchmark can be Won or Lost: every one will be Inconclusive and the gate fails; use -n ${reach.minimumSamplesPerSide} or more`;
  if (setup.options.failOnLost === true) throw new UsageError(`--fail-on-lost: ${why}`);
  setup.log(`warning: ${why}\n`);
}

/**
 * `--growth` / `--factorial` name a parameter of the planned cases: checked on the empty record before the first
 * fork (`--growth nope` used to be refused only after the whole measurement).
 * @throws {StatsInputError} naming the parameter.
 */
function checkAnalysisParams(setup: RunSetup, plan: MeasurePlan): void {
  const { growth, factorial } = setup.output;
  if (growth === undefined && factorial === undefined) return;
  const empty = createRecord(plan.cases, { comparison: plan.comparison, config: plan.config });
  if (growth !== undefined) growthOption(empty, growth);
  if (factorial !== undefined) factorialOption(empty, factorial);
}

/** The measure stage's plan of a run: its cases, design and resumed record, checked before the first fork. */
export function planMeasurement(
  setup: RunSetup,
  planned: readonly PlannedCase[],
  comparison: RunRecord['comparison'],
): MeasurePlan {
  const plan = withResume(setup, designRun(setup, planned, comparison));
  checkAnalysisParams(setup, plan);
  checkGateCanFail(setup, plan);
  return plan;
}
