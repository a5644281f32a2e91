/**
 * @tombstone-lab/bench/format — the text layouts and number forms bench's own reports use, for tools that print
 * reports of their own beside bench's (the harness's case and stress reports): aligned and box-drawing tables,
 * effects and p-values. Pure functions, no Node built-ins.
 */

/** A p-value like C's `%g` (`formatP(p, 3)`: "0.0753", "1.08e-05"); a Δ% with at most four decimals. */
/** An effect in percent, one decimal, explicit sign, typographic minus: "+8.0%", "−0.3%". */
/** A value in a readable unit ("3.3625 µs"); several values on one scale ("78.048 → 110.2 µs"); metric families. */
/** Fixed forms for table columns: ms with three digits ("41.2 ms", "1.09 s"), binary bytes ("2.36 MiB"). */
/** Exact grouped counts and fixed decimals ("14,541,576", "220.1"), rates ("344,966", "0.421"), ratios ("1.50×"). */
export {
  formatBytes,
  formatDeltaPercent,
  formatEffect,
  formatFixed,
  formatHuman,
  formatMs,
  formatP,
  formatRate,
  formatRatio,
  type HumanScale,
  humanScale,
  METRIC_FAMILIES,
} from './format/number-format.js';
/** POSIX shell quoting of a command line a user pastes: "tombstone-harness case x --resume 'my dir'". */
export { shellQuote, shellQuoteArg } from './format/shell-quote.js';
/** Space-aligned columns under a rule (the seed-000 table) and the box-drawing table (the seed-004 2×2). */
export { type Align, alignedTable, boxTable } from './format/text-table.js';
