/**
 * The words for bench's Inconclusive-with-every-check-passed: the statistics alone read Unchanged (or a guardrail's
 * Held) but the Hodges-Lehmann interval does not show it (protocol 10). Its checks column used to read "all passed"
 * beside the Inconclusive, which read as a contradiction; now the column says what is open and a line under the
 * table says what would close it, in the harness's own option (`--rounds`, `--samples`), not bench's `-n`.
 */
import type { VerdictBasis, VerdictOutcome } from '@tombstone-lab/bench/protocol';

/** An unresolved read: what the statistics alone said, the interval (percent; null: unbounded) and the n that would do. */
export interface Unresolved {
  readonly read: 'Unchanged' | 'Held';
  readonly lowerPercent: number | null;
  readonly upperPercent: number | null;
  readonly samplesPerSide: number | null;
  /** bench's noise threshold, percent (2 for ±2%). */
  readonly thresholdPercent: number;
}

/** The unresolved read of a verdict's basis, or null when the verdict is not one (decided, or a check failed). */
export function unresolvedOf(outcome: VerdictOutcome, basis: VerdictBasis): Unresolved | null {
  const u = basis.unresolved;
  const read = basis.statisticalOutcome;
  if (outcome !== 'Inconclusive' || u === null || basis.failedChecks.length > 0) return null;
  if (read !== 'Unchanged' && read !== 'Held') return null;
  return {
    read,
    lowerPercent: u.lowerPercent,
    upperPercent: u.upperPercent,
    samplesPerSide: u.samplesPerSide,
    thresholdPercent: basis.threshold * 100,
  };
}

/** The checks cell: the failed checks, "passed; interval open" for an unresolved read, else "all passed". */
export function checksCell(failed: readonly string[], unresolved: Unresolved | null): string {
  if (failed.length > 0) return `failed: ${failed.join(', ')}`;
  return unresolved === null ? 'all passed' : 'passed; interval open';
}

const percent = (x: number) => {
  const t = Number(x.toPrecision(3));
  return `${t > 0 ? '+' : ''}${t}%`;
};

/**
 * The line under a table for one unresolved row: "latency p99: Inconclusive — its interval [-3.52%, +1.29%] reaches
 * past ±2%, so Unchanged is not shown; about 24 rounds per side (--rounds 24) would resolve it".
 * @param option how to ask for n per side: `{ name: '--rounds', noun: 'rounds', max }` (max: the option's limit).
 */
export function unresolvedNote(
  subject: string,
  u: Unresolved,
  option: { readonly name: string; readonly noun: string; readonly max?: number },
): string {
  const limit = `${u.read === 'Held' ? '+' : '±'}${Number(u.thresholdPercent.toFixed(4))}%`;
  const interval =
    u.lowerPercent === null || u.upperPercent === null
      ? 'its interval is unbounded at this n'
      : `its interval [${percent(u.lowerPercent)}, ${percent(u.upperPercent)}] reaches past ${limit}`;
  const n = u.samplesPerSide;
  const more =
    n === null
      ? u.lowerPercent === null || u.upperPercent === null
        ? `more ${option.noun} per side (${option.name}) would bound it`
        : `its estimate itself lies near or past ${limit}, so more ${option.noun} would more likely show a change`
      : option.max !== undefined && n > option.max
        ? `about ${n} ${option.noun} per side would resolve it, more than ${option.name} takes (${option.max})`
        : `about ${n} ${option.noun} per side (${option.name} ${n}) would resolve it`;
  return `${subject}: Inconclusive — ${interval}, so ${u.read} is not shown; ${more}`;
}
