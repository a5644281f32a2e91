/**
 * Plain-text table layouts: space-aligned columns (the seed-000 table) and box-drawing tables (seed 004).
 */

/** Column alignment. */
export type Align = 'left' | 'right';

// biome-ignore lint/suspicious/noControlCharactersInRegex: SGR colour codes are exactly what is matched
const SGR = /\u001b\[[0-9;]*m/g;

/**
 * Display width in code points (every character we print is single-width: ✓ ✗ − → │); colour codes take none.
 */
export function displayWidth(s: string): number {
  return [...s.replace(SGR, '')].length;
}

function pad(s: string, width: number, align: Align): string {
  const fill = ' '.repeat(Math.max(0, width - displayWidth(s)));
  return align === 'right' ? fill + s : s + fill;
}

function columnWidths(rows: readonly (readonly string[])[]): number[] {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, displayWidth(cell));
    });
  }
  return widths;
}

/**
 * Columns padded to a common width and separated by two spaces, with a rule under the header.
 * Trailing spaces are trimmed so the output diffs cleanly.
 */
export function alignedTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  align: readonly Align[] = [],
): string {
  const widths = columnWidths([header, ...rows]);
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => pad(c, widths[i]!, align[i] ?? 'left'))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '─'.repeat(w)).join('  ');
  return [line(header), rule, ...rows.map(line)].join('\n');
}

/**
 * A box-drawing table with a rule between every row, as in the seed-004 2×2:
 * `┌─┬─┐`, `│ a │ b │`, `├─┼─┤`, `└─┴─┘`.
 */
export function boxTable(rows: readonly (readonly string[])[], align: readonly Align[] = []): string {
  const widths = columnWidths(rows);
  const border = (l: string, m: string, r: string) => l + widths.map((w) => '─'.repeat(w + 2)).join(m) + r;
  const out = [border('┌', '┬', '┐')];
  rows.forEach((row, i) => {
    const cells = widths.map((w, j) => ` ${pad(row[j] ?? '', w, align[j] ?? 'left')} `);
    out.push(`│${cells.join('│')}│`);
    out.push(i === rows.length - 1 ? border('└', '┴', '┘') : border('├', '┼', '┤'));
  });
  return out.join('\n');
}
