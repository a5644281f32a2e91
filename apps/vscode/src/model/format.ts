/**
 * The one-line verdict shown in CodeLenses, after-line decorations, the Test Explorer and the status bar:
 * `3362 ns → 9.02 ns  −99.7%  p=1.1e-5  Won`. Compact on purpose (the report's full-precision numbers are in the
 * hover); `~` replaces Δ% when the change does not count (p ≥ alpha or within the noise threshold), as benchstat
 * writes it.
 */
import { verdictReasonText } from '@tombstone-lab/bench/protocol';
import type { BenchmarkVerdict } from './bench-types.js';

/** What decides whether a change counts (the run's `--alpha` and `--threshold`). */
export interface VerdictLimits {
  alpha: number;
  threshold: number;
}

// [from this value on, divide by, unit]: ns stay ns up to 99999 so `3362 ns` reads as the seeds print it.
const UNIT_SCALES: Record<string, ReadonlyArray<[number, number, string]>> = {
  ns: [
    [1e9, 1e9, 's'],
    [1e6, 1e6, 'ms'],
    [1e5, 1e3, 'µs'],
  ],
  B: [
    [1e9, 1e9, 'GB'],
    [1e6, 1e6, 'MB'],
    [1e5, 1e3, 'kB'],
  ],
};

/** `ns/op` → `ns`, `cpu ns/op` → `cpu ns`, `B/op` → `B`. */
export function shortUnit(unit: string): string {
  return unit.replace(/\/op$/, '');
}

/** 3362.51 → `3362`, 9.0184 → `9.02`, 0.01234 → `0.0123`: at least three significant digits, no exponent. */
export function formatNumber(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  const a = Math.abs(v);
  if (a >= 100) return v.toFixed(0);
  if (a >= 10) return v.toFixed(1);
  if (a >= 1) return v.toFixed(2);
  if (a === 0) return '0';
  return String(Number(v.toPrecision(3)));
}

/** A value with its unit, scaled when large: `3362 ns`, `123 µs`, `1.50 MB`, `42.0 instr`. */
export function formatValue(v: number, unit: string): string {
  const short = shortUnit(unit);
  const base = short.replace(/^cpu /, '');
  const prefix = short.startsWith('cpu ') ? 'cpu ' : '';
  for (const [from, factor, name] of UNIT_SCALES[base] ?? []) {
    if (Math.abs(v) >= from) return `${formatNumber(v / factor)} ${prefix}${name}`;
  }
  return `${formatNumber(v)} ${short}`;
}

/** `−99.7%` (U+2212 minus), `+4.6%`, `+0.04%` (two decimals below 0.1%); `—` when undefined (baseline 0). */
export function formatDelta(pct: number | null): string {
  if (pct === null) return '—';
  const digits = Math.abs(pct) < 0.1 && pct !== 0 ? 2 : 1;
  const text = Math.abs(pct).toFixed(digits);
  return `${pct < 0 ? '−' : '+'}${text}%`;
}

/** `digits` significant digits, in exponent form below 0.001: `0.00268`, `-3352`, `1.08e-5`. */
export function formatSig(v: number, digits: number): string {
  if (!Number.isFinite(v)) return String(v);
  if (v !== 0 && Math.abs(v) < 0.001) return v.toExponential(digits - 1);
  return String(Number(v.toPrecision(digits)));
}

/** `1.1e-5` below 0.001, else two significant digits: `0.043`, `0.23`, `1`. */
export function formatPValue(p: number): string {
  return formatSig(p, 2);
}

/** The p the verdict was decided on: Holm-adjusted across the run's benchmarks when the runner adjusted it. */
export function decidingP(v: BenchmarkVerdict): number | null {
  return v.pAdjusted ?? v.stats?.p ?? null;
}

/** Whether the change counts: significant at alpha and at least the threshold in size. */
export function changeCounts(v: BenchmarkVerdict, limits: VerdictLimits): boolean {
  const s = v.stats;
  const p = decidingP(v);
  const d = s?.deltaPercent ?? null;
  return p !== null && d !== null && p < limits.alpha && Math.abs(d) >= limits.threshold * 100;
}

/** The one-line verdict: `3362 ns → 9.02 ns  −99.7%  p=1.1e-5  Won`, or `Invalid: <reason>`. */
export function verdictLine(v: BenchmarkVerdict, limits: VerdictLimits): string {
  const s = v.stats;
  if (!s) return `${v.outcome}: ${verdictReasonText(v)}`;
  const delta = changeCounts(v, limits) ? formatDelta(s.deltaPercent) : '~';
  const values = `${formatValue(s.baseline.median, v.unit)} → ${formatValue(s.candidate.median, v.unit)}`;
  return `${values}  ${delta}  p=${formatPValue(decidingP(v) ?? s.p)}  ${v.outcome}`;
}

/** `measuring 7/20` while a benchmark's forks run. */
export function progressLine(done: number, total: number): string {
  return `measuring ${done}/${total}`;
}
