/**
 * A plain aligned text table (header, rule, rows; numbers right-aligned) for the case and stress reports.
 * Columns whose every body cell starts with a digit, a sign or a dash are right-aligned.
 */
export function textTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const numeric = header.map((_, i) => rows.length > 0 && rows.every((r) => /^[-+−\d—]/.test(r[i] ?? '-')));
  const line = (cells: readonly string[]) =>
    widths
      .map((w, i) => (numeric[i] ? (cells[i] ?? '').padStart(w) : (cells[i] ?? '').padEnd(w)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '─'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** A box-drawing table with a rule between rows, the seed-004 2×2 layout; the first column left-aligned. */
export function boxTable(rows: readonly (readonly string[])[]): string {
  const widths = (rows[0] ?? []).map((_, i) => Math.max(...rows.map((r) => [...(r[i] ?? '')].length)));
  const border = (l: string, m: string, r: string) => l + widths.map((w) => '─'.repeat(w + 2)).join(m) + r;
  const cell = (text: string, w: number, i: number) => {
    const pad = ' '.repeat(w - [...text].length);
    return ` ${i === 0 ? text + pad : pad + text} `;
  };
  const out = [border('┌', '┬', '┐')];
  rows.forEach((row, j) => {
    out.push(`│${widths.map((w, i) => cell(row[i] ?? '', w, i)).join('│')}│`);
    out.push(j === rows.length - 1 ? border('└', '┴', '┘') : border('├', '┼', '┤'));
  });
  return out.join('\n');
}

/** An effect in percent with one decimal, explicit sign and a typographic minus, as in seed 004: "+8.0%", "−0.3%". */
export function formatEffect(pct: number): string {
  if (!Number.isFinite(pct)) return '—';
  const text = Math.abs(pct).toFixed(1);
  return `${pct < 0 && Number(text) !== 0 ? '\u2212' : '+'}${text}%`;
}

/** A p-value with three significant digits, exponent form below 10⁻⁴ as in the seed reports: "0.0753", "1.08e-05". */
export function formatP(p: number): string {
  if (!Number.isFinite(p)) return '—';
  if (p >= 1e-4 || p === 0) return String(Number(p.toPrecision(3)));
  const [mantissa = '', exp = ''] = p.toExponential(2).split('e');
  return `${mantissa}e${exp[0]}${exp.slice(1).padStart(2, '0')}`;
}
