/**
 * The two number forms the statistics' reasons and every report share: a Δ% and a p-value. Kept apart from
 * `report/` so the statistics name their numbers the way reports print them without depending on the report layer.
 */

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
