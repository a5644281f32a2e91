/**
 * Number formatting shared by every report, chosen to match the seed reports: medians in human units,
 * Δ% with four decimals, p-values like C's `%g` (1.08251e-05).
 */

/**
 * A relative change in percent with at most four decimals and an explicit sign: "-99.7318%", "+2.5%"; "—" for null
 * or a non-finite value (JSON carries those as null); formatP, formatGrouped and formatEffect do the same.
 */
export function formatDeltaPercent(pct: number | null): string {
  if (pct === null || !Number.isFinite(pct)) return '—';
  const rounded = Number(pct.toFixed(4));
  if (rounded === 0) return '0%';
  return `${rounded > 0 ? '+' : ''}${rounded}%`;
}

/**
 * A p-value (or any positive number) like C's `%.6g`: six significant digits, trailing zeros dropped,
 * exponent form below 1e-4 with a two-digit exponent: 1.08251e-05, 0.00684146, 1.
 */
export function formatP(p: number | null, significant = 6): string {
  if (p === null || !Number.isFinite(p)) return '—';
  if (p === 0) return '0';
  const [mantissa, expText] = p.toExponential(significant - 1).split('e') as [string, string];
  const exp = Number(expText);
  const strip = (s: string) => (s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s);
  if (exp < -4 || exp >= significant) {
    const sign = exp < 0 ? '-' : '+';
    return `${strip(mantissa)}e${sign}${String(Math.abs(exp)).padStart(2, '0')}`;
  }
  return strip(p.toFixed(Math.max(0, significant - 1 - exp)));
}

const grouped = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 6 });

/** A value with thousands separators and six significant digits, as in the seed-004 table: "340,201". */
export function formatGrouped(v: number | null): string {
  return v !== null && Number.isFinite(v) ? grouped.format(v) : '—';
}

const fixedFormats = new Map<number, Intl.NumberFormat>();

/**
 * A value with thousands separators and exactly `fractionDigits` decimals, never rounded to significant digits (as
 * {@link formatGrouped} is): a count of 14,541,576 partitions prints "14,541,576", a CPU figure "220.1" with one.
 * "—" for null or a non-finite value.
 */
export function formatFixed(v: number | null, fractionDigits = 0): string {
  if (v === null || !Number.isFinite(v)) return '—';
  let format = fixedFormats.get(fractionDigits);
  if (format === undefined) {
    format = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    fixedFormats.set(fractionDigits, format);
  }
  // -0 (a negative value that rounds to zero) would print "-0".
  const text = format.format(v);
  return /^-0(?:\.0*)?$/.test(text) ? text.slice(1) : text;
}

/**
 * A rate per second as seed 004 prints it: whole and grouped from 100 up ("344,966"), three significant digits
 * below, so a slow rate reads "0.421" rather than "0". "—" for null or a non-finite value.
 */
export function formatRate(v: number | null): string {
  if (v === null || !Number.isFinite(v)) return '—';
  if (Math.abs(Number(v.toPrecision(3))) >= 100) return formatFixed(v, 0);
  return v === 0 ? '0' : String(Number(v.toPrecision(3)));
}

/** A ratio with three significant digits and a times sign, trailing zeros kept for aligned columns: "1.50×", "39.5×". */
export function formatRatio(r: number | null): string {
  return r !== null && Number.isFinite(r) ? `${r.toPrecision(3)}×` : '—';
}

/** An effect in percent with one decimal, explicit sign and a typographic minus: "+8.0%", "−0.3%". */
export function formatEffect(pct: number | null): string {
  if (pct === null || !Number.isFinite(pct)) return '—';
  const text = Math.abs(pct).toFixed(1);
  return `${pct < 0 && Number(text) !== 0 ? '\u2212' : '+'}${text}%`;
}

/** Scaled units of each metric family, smallest first: [divisor, suffix]. */
const HUMAN_SCALES: Readonly<Record<'time' | 'bytes' | 'count', readonly (readonly [number, string])[]>> = {
  time: [
    [1, 'ns'],
    [1e3, 'µs'],
    [1e6, 'ms'],
    [1e9, 's'],
  ],
  bytes: [
    [1, 'B'],
    [1024, 'KiB'],
    [1024 ** 2, 'MiB'],
    [1024 ** 3, 'GiB'],
  ],
  count: [
    [1, ''],
    [1e3, 'k'],
    [1e6, 'M'],
    [1e9, 'G'],
  ],
};

/**
 * A value scaled to a readable unit with five significant digits (trailing zeros dropped): 3362.5156 ns →
 * "3.3625 µs", 9.018492886907715 → "9.0185 ns", 1536 B → "1.5 KiB". Full precision stays in the JSON.
 */
export function formatHuman(v: number, family: keyof typeof HUMAN_SCALES, significant = 5): string {
  if (!Number.isFinite(v)) return '—';
  const scales = HUMAN_SCALES[family];
  // Choose the scale on the rounded value, so 999.996 ns reads "1 µs", not "1000 ns".
  const rounded = Math.abs(Number(v.toPrecision(significant)));
  let [divisor, suffix] = scales[0]!;
  for (const [d, s] of scales) if (rounded >= d) [divisor, suffix] = [d, s];
  const text = String(Number((v / divisor).toPrecision(significant)));
  return suffix ? `${text} ${suffix}` : text;
}

/**
 * A duration in ns as milliseconds (seconds from one second up) with three significant digits: "41.2 ms",
 * "0.873 ms", "1.09 s". One unit down a table column, where {@link formatHuman}'s µs beside ms would not line up.
 */
export function formatMs(ns: number): string {
  if (!Number.isFinite(ns)) return '—';
  return ns >= 1e9 ? `${(ns / 1e9).toPrecision(3)} s` : `${(ns / 1e6).toPrecision(3)} ms`;
}

/** Bytes with binary units and three significant digits, whole bytes below 1 KiB: "402 MiB", "2.36 MiB", "812 B". */
export function formatBytes(bytes: number | null): string {
  if (bytes === null || !Number.isFinite(bytes)) return '—';
  const units = HUMAN_SCALES.bytes;
  let [divisor, unit] = units[0]!;
  for (const [d, u] of units) if (Math.abs(bytes) >= d) [divisor, unit] = [d, u];
  return `${divisor === 1 ? Math.round(bytes) : (bytes / divisor).toPrecision(3)} ${unit}`;
}

/** The unit family of each metric, for {@link formatHuman} and {@link humanScale}. */
export const METRIC_FAMILIES = {
  nsPerOp: 'time',
  cpuNsPerOp: 'time',
  bytesPerOp: 'bytes',
  instructionsPerOp: 'count',
} as const satisfies Record<string, keyof typeof HUMAN_SCALES>;

/** One scale for several values of a metric: the unit once, each value as a number in it. */
export interface HumanScale {
  /** The suffix ("µs", "KiB"), '' for plain counts. */
  unit: string;
  /** A value in this unit with the scale's significant digits: "78.048". */
  format(v: number): string;
}

/**
 * The scale {@link formatHuman} would choose for the largest of `values`, for printing them side by side in one
 * unit (a baseline of 78048 ns beside a candidate of 110 µs reads "78.048 → 110.2 µs", never "78048 ns → 110 µs").
 */
export function humanScale(
  values: readonly number[],
  family: keyof typeof HUMAN_SCALES,
  significant = 5,
): HumanScale {
  const finite = values.filter(Number.isFinite).map((v) => Math.abs(Number(v.toPrecision(significant))));
  const largest = finite.length > 0 ? Math.max(...finite) : 0;
  const scales = HUMAN_SCALES[family];
  let [divisor, unit] = scales[0]!;
  for (const [d, s] of scales) if (largest >= d) [divisor, unit] = [d, s];
  return {
    unit,
    format: (v) => (Number.isFinite(v) ? String(Number((v / divisor).toPrecision(significant))) : '—'),
  };
}

/** A percent range with signs and `digits` significant digits: "[+8.12%, +12.03%]". */
export function formatPercentRange(lowerPct: number, upperPct: number, significant = 3): string {
  const one = (x: number) => {
    if (!Number.isFinite(x)) return '—';
    const t = Number(x.toPrecision(significant));
    return `${t > 0 ? '+' : ''}${t}%`;
  };
  return `[${one(lowerPct)}, ${one(upperPct)}]`;
}

/** "O(N^1.98)": a growth exponent rounded to two decimals. */
export function growthLabel(fit: { exponent: number }, symbol = 'N'): string {
  const e = Math.abs(fit.exponent) < 0.005 ? 0 : fit.exponent;
  return `O(${symbol}^${e.toFixed(2)})`;
}
