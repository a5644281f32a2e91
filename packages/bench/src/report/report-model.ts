/**
 * What a report shows besides the per-benchmark verdicts, and the wording shared by every text format. Everything
 * statistical is read from the run's {@link RunReport} (verdicts, summary, checks, growth, factorial); the run's
 * record gives only what a report lists as recorded: the sides, the command, each sample's environment and warm-up.
 */

import { basename, isAbsolute, relative } from 'node:path';
import {
  formatDeltaPercent,
  formatEffect,
  formatGrouped,
  formatHuman,
  formatP,
  formatPercentRange,
  growthLabel,
} from '../format/number-format.js';
import type { Align } from '../format/text-table.js';
import { type RunRecord, SINGLE_VARIANT_LABEL } from '../model.js';
import { atLook } from '../protocol/look-text.js';
import type {
  Correction,
  MetricId,
  ProtocolFactorialTable,
  ProtocolGrowthComparison,
  RunReport,
  SampleEnvironments,
  SignificanceReach,
  Verdict,
} from '../protocol/types.js';
import { verdictReasonText } from '../protocol/verdict-text.js';
import { launcherOf, shellQuote } from '../shell-quote.js';
import { METRIC_UNITS } from '../stats/metric.js';

/** Everything a report renders: the run's RunReport, its record (the recorded facts), and where it is stored. */
export interface ReportInput {
  /** The analysed run: every verdict, statistic, check, growth and factorial figure a report prints. */
  report: RunReport;
  /** The run as recorded: the sides, the command, and per sample its environment, warm-up and raw values. */
  run: RunRecord;
  /** Where the run is stored, when known (the Reproduction block names it). */
  resultsFile?: string;
  /** Colour Won (green) and Lost (red) in the terminal table: for a terminal only, never a pipe or a file. */
  colour?: boolean;
}

/**
 * One line per benchmark whose warm-up hit its time cap before ns/op settled in some fork, e.g.
 * `Suite.op[n=4096]: 7/10 forks (baseline 2, candidate 5) hit the warm-up cap before ns/op settled; raise
 * --warmup-ms`. Such samples may still include JIT warm-up, which makes a side look slower than it is.
 */
export function warmupWarnings(run: RunRecord): string[] {
  const lines: string[] = [];
  for (const b of run.benchmarks) {
    const unstable = b.samples.filter((s) => s.warmupStable === false);
    if (unstable.length === 0) continue;
    const bySide = (side: string) => unstable.filter((s) => s.side === side).length;
    lines.push(
      `${b.key}: ${unstable.length}/${b.samples.length} forks (baseline ${bySide('baseline')}, candidate ` +
        `${bySide('candidate')}) hit the warm-up cap (already stretched to 4×) before ns/op settled within its noise; raise the suite's sampling.warmupMs or --warmup-ms`,
    );
  }
  return lines;
}

/**
 * The warning of a run whose sample sizes cannot reach alpha, or null when they can: "warning: n=3 per side cannot
 * reach alpha 0.05 (smallest achievable p 0.1): no benchmark can be Won or Lost (each is Inconclusive), so the gate fails; use -n 4
 * or more". Without it `gate: pass` at -n 3 reads as a pass that was earned. `gated` false (a same-code run) drops
 * the gate clause.
 */
export function reachWarning(
  reach: SignificanceReach | null,
  correction: Correction,
  gated = true,
): string | null {
  if (!reach || reach.reachable) return null;
  // A same-code run gates on Invalid only (summary.gate), so it warns without the gate clause.
  const consequence = gated ? ', so the gate fails' : '';
  const family =
    correction === 'holm' && reach.family > 1 ? ` with Holm across ${reach.family} benchmarks` : '';
  return (
    `warning: n=${reach.samplesPerSide} per side cannot reach alpha ${reach.alpha}${family} (smallest achievable ` +
    `p ${formatP(reach.smallestP)}): no benchmark can be Won or Lost (each is Inconclusive)${consequence}; use ` +
    `-n ${reach.minimumSamplesPerSide} or more`
  );
}

/** Whether a run is a single-variant `run` (one implementation, two identical halves). */
export function isSingleVariant(run: RunRecord): boolean {
  return run.comparison.kind === 'aa' && run.comparison.label === SINGLE_VARIANT_LABEL;
}

/** The single-variant table: per benchmark the median and IQR over every fork of both halves, in human units. */
export function singleVariantTable(report: RunReport): { header: string[]; rows: string[][] } {
  const metric = report.config.metric;
  const rows = report.benchmarks.map((b) => {
    const d = b.pooled;
    if (!d) return [b.key, METRIC_UNITS[metric], '—', '—', '0'];
    const iqr = `${formatMetric(d.q1, metric)} – ${formatMetric(d.q3, metric)}`;
    return [b.key, METRIC_UNITS[metric], formatMetric(d.median, metric), iqr, String(d.n)];
  });
  return { header: ['Benchmark', 'Metric', 'Median', 'IQR', 'forks'], rows };
}

/** "baseline git:HEAD~1 (061749b0) vs candidate working tree", from the run's comparison. */
export function describeComparison(run: RunRecord): { baseline: string; candidate: string } {
  const c = run.comparison;
  switch (c.kind) {
    case 'factor':
      return {
        baseline: `${c.factor}=${String(c.baseline)}`,
        candidate: `${c.factor}=${String(c.candidate)}`,
      };
    case 'revision':
      return {
        baseline: `${c.baseline} (${c.baselineCommit.slice(0, 8)})`,
        candidate: c.candidateCommit ? `${c.candidate} (${c.candidateCommit.slice(0, 8)})` : c.candidate,
      };
    case 'aa':
      // Once per side, not the run's label twice ("A/A A/A" read as a typo).
      if (c.label === SINGLE_VARIANT_LABEL)
        return {
          baseline: 'one implementation, one fork of each pair',
          candidate: 'the other fork of each pair',
        };
      return {
        baseline: 'A (the code under test)',
        candidate: c.slowdown
          ? `A' (the same code, +${Number((c.slowdown * 100).toFixed(2))}% slowdown injected)`
          : "A' (the same code)",
      };
  }
}

/** What an A/A run's false verdicts mean, said after its rates when there were any ('' when none). */
export function aaVerdictNote(aa: { falseVerdictRate: number | null }): string {
  return (aa.falseVerdictRate ?? 0) > 0
    ? ' Both sides ran the same code: these verdicts are false, and the gate ignores them.'
    : '';
}

/** Sample sizes as printed in the n column: "10", or "10/9" when the sides differ. */
export function formatN(v: Verdict): string {
  if (!v.stats) return '0';
  const a = v.stats.baseline.n;
  const b = v.stats.candidate.n;
  return a === b ? String(a) : `${a}/${b}`;
}

const METRIC_FAMILY: Readonly<Record<MetricId, 'time' | 'bytes' | 'count'>> = {
  nsPerOp: 'time',
  cpuNsPerOp: 'time',
  bytesPerOp: 'bytes',
  instructionsPerOp: 'count',
};

/** A metric value in a readable unit with five significant digits ("3.3625 µs"); full precision is in the JSON. */
export function formatMetric(v: number, metric: MetricId): string {
  return formatHuman(v, METRIC_FAMILY[metric]);
}

/**
 * The spread of the comparison: the Hodges-Lehmann ratio CI as a percent change ("[+8.12%, +12%]"), or the shift
 * CI in units when a value is ≤ 0 and no ratio exists.
 */
export function spreadCell(v: Verdict): string {
  const s = v.stats;
  if (!s) return '—';
  // Too few samples for any finite bound at this confidence (n = 3 per side at 95%): the "interval" would read
  // [-100%, —], a bound nothing measured.
  if (s.shift.lower === null || s.shift.upper === null) return '— (n too small)';
  if (s.ratio && s.ratio.lower !== null && s.ratio.upper !== null)
    return formatPercentRange((s.ratio.lower - 1) * 100, (s.ratio.upper - 1) * 100);
  return `[${formatMetric(s.shift.lower, v.metric)}, ${formatMetric(s.shift.upper, v.metric)}]`;
}

/** Header of the terminal table; the adjusted-p column only when a correction applies. */
export function terminalHeader(correction: Correction): string[] {
  const head = ['Benchmark', 'Metric', 'Baseline', 'Candidate', 'Delta', 'Δ CI (HL)', 'Outcome', 'n', 'p'];
  return correction === 'none' ? head : [...head, `p (${correction === 'holm' ? 'Holm' : correction})`];
}

/** Alignment of the {@link terminalHeader} columns. */
export function terminalAlign(correction: Correction): Align[] {
  const align: Align[] = ['left', 'left', 'right', 'right', 'right', 'right', 'left', 'right', 'right'];
  return correction === 'none' ? align : [...align, 'right'];
}

/** The terminal table cells of one verdict: human units, the HL CI as the spread, raw and adjusted p. */
export function terminalVerdictCells(v: Verdict, correction: Correction): string[] {
  const s = v.stats;
  const cells = [
    v.key,
    v.unit,
    s ? formatMetric(s.baseline.median, v.metric) : '—',
    s ? formatMetric(s.candidate.median, v.metric) : '—',
    s && s.deltaPercent !== null ? formatDeltaPercent(Number(s.deltaPercent.toPrecision(4))) : '—',
    spreadCell(v),
    v.outcome,
    formatN(v),
    s ? formatP(s.p, 4) : '—',
  ];
  if (correction !== 'none') cells.push(v.pAdjusted === null ? '—' : formatP(v.pAdjusted, 4));
  return cells;
}

/** The verdicts that have an effect estimate, each with its {@link effectSentence}. */
export function effectLines(verdicts: readonly Verdict[]): { key: string; text: string }[] {
  return verdicts.flatMap((v) => {
    const text = effectSentence(v);
    return text ? [{ key: v.key, text }] : [];
  });
}

/** The seed-004 2×2 as table cells: the header, one row per code level, then the code-effect row. */
export interface FactorialTable {
  header: string[];
  rows: string[][];
  align: readonly Align[];
}

/** Cells of the seed-004 2×2, every effect with its exact p; renderers only lay them out. */
export function factorialTable(f: ProtocolFactorialTable): FactorialTable {
  const effect = (e: { percent: number | null; p: number }) =>
    `${formatEffect(e.percent)} (p=${formatP(e.p, 3)})`;
  const levelRow = (i: 0 | 1) => [
    f.code.levels[i],
    formatGrouped(f.medians[i][0]),
    formatGrouped(f.medians[i][1]),
    effect(f.configEffect[i]),
  ];
  return {
    header: [f.unit, f.config.levels[0], f.config.levels[1], `${f.config.name} effect`],
    rows: [
      levelRow(0),
      levelRow(1),
      [`${f.code.name} effect`, effect(f.codeEffect[0]), effect(f.codeEffect[1]), ''],
    ],
    align: ['left', 'right', 'right', 'right'],
  };
}

const PER_OP: Readonly<Record<MetricId, string>> = {
  nsPerOp: '/op',
  cpuNsPerOp: ' cpu/op',
  bytesPerOp: '/op',
  instructionsPerOp: ' instr/op',
};

/** A median per op in the table's human units: "3.3625 µs/op", "1.5 KiB/op", "12.35k instr/op". */
export function formatPerOp(v: number, metric: MetricId): string {
  return `${formatMetric(v, metric)}${PER_OP[metric]}`;
}

/**
 * The seed-000 bullet sentence in the table's human units (full precision is in the JSON):
 * "X: 3.3625 µs/op -> 9.0185 ns/op (Won, a 99.732% reduction, n=10, p=1.08251e-05)".
 */
export function verdictSentence(v: Verdict): string {
  const s = v.stats;
  if (!s) return `${v.key}: ${v.outcome} (${verdictReasonText(v)})`;
  // A baseline median of 0 has no relative change (the report's JSON carries it as null).
  const delta = s.deltaPercent ?? Number.NaN;
  const change = Number(Math.abs(delta).toPrecision(5));
  const direction = delta < 0 ? 'reduction' : 'increase';
  return (
    `${v.key}: ${formatPerOp(s.baseline.median, v.metric)} -> ${formatPerOp(s.candidate.median, v.metric)} ` +
    `(${v.outcome}, a ${change}% ${direction}, ${samplesText(v)}, p=${formatP(s.p)}${sequentialPText(v)})`
  );
}

/** "n=10", or in a sequential run "decided at n = 5 of 20" (with why when it stopped for equivalence or undecided). */
function samplesText(v: Verdict): string {
  const q = v.sequential;
  if (!q) return `n=${formatN(v)}`;
  // A guardrail stops for "equivalence" once its interval ends below +threshold, improved by however much.
  const equivalence = v.role === 'guardrail' ? ', no regression beyond the threshold' : ', equivalent';
  const last = q.looks.at(-1);
  if (q.decision === 'futility' && last) return atLook(last, q.maxN);
  const why = q.decision === 'equivalence' ? equivalence : q.decision === 'continue' ? ', undecided' : '';
  return `decided at n = ${q.decidedAt} of ${q.maxN}${why}`;
}

/** ", sequential p=0.0079": the p Holm read in a sequential run (the fixed-n p of the final samples is `p`). */
function sequentialPText(v: Verdict): string {
  const p = v.sequential?.pSequential;
  return p === null || p === undefined ? '' : `, sequential p=${formatP(p)}`;
}

/** "ratio 0.002682 [0.002662, 0.002702]; shift -3.3535 µs [-3.3703 µs, -3.3508 µs] at 95.67%", in human units. */
export function effectSentence(v: Verdict): string | null {
  const s = v.stats;
  if (!s) return null;
  const conf = `${Number((s.shift.achievedConfidence * 100).toFixed(2))}%`;
  const unit = (x: number | null) => (x === null ? '—' : formatMetric(x, v.metric));
  const shift = `shift ${unit(s.shift.estimate)} [${unit(s.shift.lower)}, ${unit(s.shift.upper)}]`;
  if (!s.ratio) return `${shift} at ${conf}`;
  const r = (x: number | null) => (x === null ? '—' : formatP(x, 4));
  return `ratio ${r(s.ratio.estimate)} [${r(s.ratio.lower)}, ${r(s.ratio.upper)}]; ${shift} at ${conf}`;
}

/** "O(N^1.98) [1.95, 2.01] → O(N^1.02) [0.99, 1.05]". */
export function growthSentence(g: ProtocolGrowthComparison): string {
  const ci = (lo: number | null, hi: number | null) =>
    lo === null || hi === null ? '' : ` [${lo.toFixed(2)}, ${hi.toFixed(2)}]`;
  const [b, c] = [growthLabel(g.baseline), growthLabel(g.candidate)];
  return (
    `${g.key} over ${g.param} (${g.values.join(', ')}): ${b}${ci(g.baseline.lower, g.baseline.upper)} → ` +
    `${c}${ci(g.candidate.lower, g.candidate.upper)}${g.changed ? ' (changed)' : ' (not distinguishable)'}` +
    // Two levels fix a line through two points: the exponent cannot show curvature or a bad level.
    (g.values.length === 2 ? `; only 2 levels of ${g.param}, better 3` : '')
  );
}

/**
 * One line of the Reproduction block: "label: value"; a `command` is shown as a code block and a `path` as code
 * where the format has it (Markdown would otherwise read `_` and `*` in paths as emphasis).
 */
export interface ReproductionItem {
  label: string;
  value: string;
  kind: 'text' | 'command' | 'path';
}

const distinct = (values: Iterable<string>): string[] => [...new Set(values)];

// Two decimals are what `uptime` shows; the range is what matters, not the third digit.
const load = (x: number): string => x.toFixed(2);

/** The environment lines of the report's summary of every sample's environment (distinct values when they differ). */
function environmentItems(envs: SampleEnvironments | null): ReproductionItem[] {
  const text = (label: string, values: string[]): ReproductionItem => ({
    label,
    value: values.length > 1 ? `${values.join('; ')} (differs between samples)` : (values[0] ?? ''),
    kind: 'text',
  });
  if (!envs) return [{ label: 'Environment', value: 'not captured (no samples)', kind: 'text' }];
  const items = [
    text(
      'Environment',
      distinct(
        envs.runtimes.map((e) => `${e.platform}/${e.arch}/node-${e.node.replace(/^v/, '')} (V8 ${e.v8})`),
      ),
    ),
    text('CPU', distinct(envs.cpus.map((c) => `${c.model} × ${c.count}`))),
  ];
  if (envs.affinities.some((a) => a !== null))
    items.push(text('CPU affinity', distinct(envs.affinities.map((a) => a ?? 'not pinned'))));
  const range = envs.loadAverage1m;
  items.push({
    label: 'Load average (1 min)',
    value: `${load(range.min)}–${load(range.max)} over ${envs.samples} samples`,
    kind: 'text',
  });
  return items;
}

/** Baseline and candidate: the factor levels, or each side's git ref with its full commit. */
function sideItems(run: RunRecord): ReproductionItem[] {
  const c = run.comparison;
  if (c.kind === 'revision') {
    return [
      { label: 'Baseline Commit', value: `${c.baselineCommit} (${c.baseline})`, kind: 'text' },
      c.candidateCommit
        ? { label: 'Candidate Commit', value: `${c.candidateCommit} (${c.candidate})`, kind: 'text' }
        : { label: 'Candidate', value: c.candidate, kind: 'text' },
    ];
  }
  const sides = describeComparison(run);
  return [
    { label: 'Baseline', value: sides.baseline, kind: 'text' },
    { label: 'Candidate', value: sides.candidate, kind: 'text' },
  ];
}

/**
 * The recorded argv as a shell command; a script path (not a bin name) was run by `node`. A bare bin name (a run
 * started from code, e.g. a harness case study, records `tombstone-bench`) is shown as `npx tombstone-bench`: the
 * bare name is not on the PATH of a project that installed the package, so the report's command did not paste.
 */
export function displayCommand(argv: readonly string[]): string {
  const [script, ...args] = argv;
  if (script === undefined) return '';
  const viaNode = /\.(?:[cm]?js)$/.test(script);
  if (viaNode) return shellQuote(['node', ...argv]);
  return shellQuote([...(script.includes('/') ? launcherOf(script) : ['npx', script]), ...args]);
}

/**
 * The seed's "Reproduction" block from recorded data only: environment from the samples, the compared sides, the
 * run command and the results file. Fields a results file does not carry are said to be missing, never guessed.
 */
export function reproductionItems(
  input: Pick<ReportInput, 'run' | 'report' | 'resultsFile'>,
): ReproductionItem[] {
  const { run } = input;
  const items = [...environmentItems(input.report.environments), ...sideItems(run)];
  // The RunReport's reproduction is shareable (shareable-invocation.ts): no absolute directory of the user's.
  const shown = input.report.reproduction;
  if (shown) {
    items.push(
      shown.cwd === '.'
        ? { label: 'Directory', value: 'the project root', kind: 'text' }
        : { label: 'Directory (from the git root)', value: shown.cwd, kind: 'path' },
      { label: 'Run Command', value: displayCommand(shown.argv), kind: 'command' },
    );
  } else {
    items.push({ label: 'Run Command', value: 'not recorded (results file predates it)', kind: 'text' });
  }
  if (input.resultsFile) {
    items.push({ label: 'Results File', value: resultsFileShown(input.resultsFile, run), kind: 'path' });
  }
  return items;
}

/**
 * The results file as given (the CLI gives it relative to where it runs when inside it); an absolute one relative to
 * the run's directory when inside it, else by its name: where it lies is the user's business, not a reader's.
 */
function resultsFileShown(file: string, run: RunRecord): string {
  if (!isAbsolute(file)) return file;
  const rel = run.invocation ? relative(run.invocation.cwd, file) : '';
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : basename(file);
}
