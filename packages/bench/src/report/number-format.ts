/**
 * Number formatting shared by every report, chosen to match the seed reports: medians at full precision,
 * Δ% with four decimals, p-values like C's `%g` (1.08251e-05).
 */

/** A median at full precision: the shortest string that round-trips (3362.5156478614854). */
export function formatFull(v: number): string {
  return Number.isFinite(v) ? String(v) : '—';
}

/** A relative change in percent with at most four decimals and an explicit sign: "-99.7318%", "+2.5%". */
export function formatDeltaPercent(pct: number): string {
  if (!Number.isFinite(pct)) return '—';
  const rounded = Number(pct.toFixed(4));
  if (rounded === 0) return '0%';
  return `${rounded > 0 ? '+' : ''}${rounded}%`;
}

/**
 * A p-value (or any positive number) like C's `%.6g`: six significant digits, trailing zeros dropped,
 * exponent form below 1e-4 with a two-digit exponent: 1.08251e-05, 0.00684146, 1.
 */
export function formatP(p: number, significant = 6): string {
  if (!Number.isFinite(p)) return '—';
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
export function formatGrouped(v: number): string {
  return Number.isFinite(v) ? grouped.format(v) : '—';
}

/** An effect in percent with one decimal, explicit sign and a typographic minus: "+8.0%", "−0.3%". */
export function formatEffect(pct: number): string {
  if (!Number.isFinite(pct)) return '—';
  const text = Math.abs(pct).toFixed(1);
  return `${pct < 0 && Number(text) !== 0 ? '\u2212' : '+'}${text}%`;
}
