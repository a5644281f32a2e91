import { ResultsFileError } from '../errors.js';
import type { MeasurementSettings, RunRecord } from '../model.js';
import type { CaseSampling } from './planned-case.js';

type Comparison = RunRecord['comparison'];

/** Field-by-field view of a comparison, in the order differences are reported. */
function comparisonFields(c: Comparison): Array<[string, unknown]> {
  switch (c.kind) {
    case 'factor':
      return [
        ['factor', c.factor],
        ['baseline level', c.baseline],
        ['candidate level', c.candidate],
      ];
    case 'revision':
      return [
        ['baseline ref', c.baseline],
        ['baseline commit', c.baselineCommit],
        ['candidate ref', c.candidate],
        ['candidate commit', c.candidateCommit],
      ];
    case 'aa':
      return [
        ['label', c.label],
        // A file written before the slowdown was recorded carries it only in its (rounded) label.
        ...(c.slowdown !== undefined ? ([['slowdown', c.slowdown]] as Array<[string, unknown]>) : []),
      ];
  }
}

const show = (v: unknown): string => JSON.stringify(v) ?? String(v);

/** The first way a resumed run's comparison differs from the requested one, or null when they are the same. */
export function comparisonDifference(recorded: Comparison, requested: Comparison): string | null {
  if (recorded.kind !== requested.kind)
    return `comparison kind: the file has ${recorded.kind}, this command starts ${requested.kind}`;
  const want = new Map(comparisonFields(requested));
  for (const [name, had] of comparisonFields(recorded)) {
    if (!want.has(name)) continue;
    const now = want.get(name);
    if (had !== now) return `${name}: the file has ${show(had)}, this command has ${show(now)}`;
  }
  return null;
}

/** The first measurement setting that differs, or null when they are the same. */
export function measurementDifference(
  recorded: MeasurementSettings,
  requested: MeasurementSettings,
): string | null {
  const flags: Record<keyof MeasurementSettings, string> = {
    sampleMs: '--sample-ms',
    warmupMaxMs: '--warmup-ms',
    warmupMinMs: '--warmup-min-ms',
    allocation: '--no-alloc (allocation)',
    instructions: '--instructions',
  };
  // An absent minimum is none (files before protocol 8, and runs without one).
  const had = { ...recorded, warmupMinMs: recorded.warmupMinMs ?? 0 };
  const now = { ...requested, warmupMinMs: requested.warmupMinMs ?? 0 };
  for (const key of Object.keys(flags) as Array<keyof MeasurementSettings>) {
    if (had[key] !== now[key])
      return `${flags[key]}: the file has ${show(had[key])}, this command has ${show(now[key])}`;
  }
  return null;
}

/**
 * Checks that `--resume <file>` continues the same experiment: same comparison and same measurement settings, so
 * no sample of a different experiment is appended. `samplesPerSide` may grow (the record is updated to it) but not
 * shrink below what the file asked for, since its samples cannot be un-taken. Throws a {@link ResultsFileError}
 * naming the first difference; the record is not modified then.
 */
export function checkResumable(
  file: string,
  recorded: RunRecord,
  requested: {
    comparison: Comparison;
    measurement: MeasurementSettings;
    samplesPerSide: number;
    /** Per benchmark key, the settings a suite's own `sampling` gives it (absent: the run's). */
    sampling?: ReadonlyMap<string, CaseSampling | undefined>;
  },
): void {
  const diff =
    comparisonDifference(recorded.comparison, requested.comparison) ??
    // Files written before measurement settings were recorded cannot be checked on them.
    (recorded.measurement ? measurementDifference(recorded.measurement, requested.measurement) : null) ??
    (requested.sampling ? samplingDifference(recorded, requested.sampling) : null);
  if (diff) throw new ResultsFileError(`--resume ${file} is a different run: ${diff}`);
  if (requested.samplesPerSide < recorded.config.samplesPerSide) {
    throw new ResultsFileError(
      `--resume ${file}: -n ${requested.samplesPerSide} is below the file's ${recorded.config.samplesPerSide} samples per side`,
    );
  }
}

/** The first benchmark whose suite-level sampling differs between the file and this command, or null. */
function samplingDifference(
  recorded: RunRecord,
  requested: ReadonlyMap<string, CaseSampling | undefined>,
): string | null {
  const shown = (v: CaseSampling | undefined) =>
    v
      ? `sampleMs ${v.sampleMs}, warmupMs ${v.warmupMaxMs}${v.warmupMinMs ? `, warmupMinMs ${v.warmupMinMs}` : ''}`
      : "the run's settings";
  for (const b of recorded.benchmarks) {
    if (!requested.has(b.key)) continue;
    const now = requested.get(b.key);
    if (
      b.sampling?.sampleMs !== now?.sampleMs ||
      b.sampling?.warmupMaxMs !== now?.warmupMaxMs ||
      (b.sampling?.warmupMinMs ?? 0) !== (now?.warmupMinMs ?? 0)
    ) {
      return `${b.key} sampling: the file has ${shown(b.sampling)}, this command has ${shown(now)}`;
    }
  }
  return null;
}
