import { type ParseArgsConfig, parseArgs } from 'node:util';
import type { OutputOptions } from '../analyse/run-analyses.js';
import { UsageError } from '../errors.js';
import type { RunRecord } from '../model.js';
import { checkNumber, NUMBER_LIMITS, type NumberCheck, rangeClause } from '../plan/run-options.js';
import type { Correction } from '../stats/holm.js';
import { METRIC_NAMES, type MetricName } from '../stats/metric.js';
import { describeArgvError, describeRepeatedOption } from './argv-errors.js';

/** Every option of every subcommand (parseArgs is strict: unknown options are usage errors). */
export const OPTIONS = {
  filter: { type: 'string' },
  param: { type: 'string', multiple: true },
  n: { type: 'string', short: 'n' },
  'fixed-n': { type: 'boolean' },
  'look-every': { type: 'string' },
  spending: { type: 'string' },
  'no-futility': { type: 'boolean' },
  design: { type: 'string' },
  json: { type: 'boolean' },
  events: { type: 'string' },
  out: { type: 'string' },
  resume: { type: 'string' },
  force: { type: 'boolean' },
  'no-fail-on-lost': { type: 'boolean' },
  'fail-on-lost': { type: 'boolean' },
  format: { type: 'string' },
  svg: { type: 'string' },
  growth: { type: 'string' },
  factorial: { type: 'string' },
  baseline: { type: 'string' },
  candidate: { type: 'string' },
  slowdown: { type: 'string' },
  slowdowns: { type: 'string' },
  'detect-n': { type: 'string' },
  rounds: { type: 'string' },
  'slowdown-rounds': { type: 'string' },
  from: { type: 'string', multiple: true },
  side: { type: 'string' },
  'sample-ms': { type: 'string' },
  'warmup-ms': { type: 'string' },
  'warmup-min-ms': { type: 'string' },
  'timeout-ms': { type: 'string' },
  metric: { type: 'string' },
  alpha: { type: 'string' },
  threshold: { type: 'string' },
  'no-holm': { type: 'boolean' },
  'no-typecheck': { type: 'boolean' },
  'no-pin': { type: 'boolean' },
  'no-alloc': { type: 'boolean' },
  'cache-dir': { type: 'string' },
  'install-cmd': { type: 'string', multiple: true },
  'build-cmd': { type: 'string', multiple: true },
  'no-install': { type: 'boolean' },
  'no-build': { type: 'boolean' },
  'keep-worktrees': { type: 'boolean' },
  instructions: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsConfig['options'];

type OptionName = keyof typeof OPTIONS;

/** What every measuring command reads: selection, sampling, output, verdict settings. */
const MEASURING: readonly OptionName[] = [
  'filter',
  'param',
  'n',
  'fixed-n',
  'look-every',
  'spending',
  'no-futility',
  'design',
  'json',
  'events',
  'out',
  'resume',
  'force',
  'no-fail-on-lost',
  'fail-on-lost',
  'format',
  'svg',
  'growth',
  'factorial',
  'sample-ms',
  'warmup-ms',
  'warmup-min-ms',
  'timeout-ms',
  'metric',
  'alpha',
  'threshold',
  'no-holm',
  'no-typecheck',
  'no-pin',
  'no-alloc',
  'cache-dir',
  'instructions',
];
const VERDICT: readonly OptionName[] = ['metric', 'alpha', 'threshold', 'no-holm'];

/**
 * The options each command reads. An option another command takes is a usage error here, not silently ignored:
 * `report r.json -n 1e1` used to print the report as if `-n` meant something.
 */
export const COMMAND_OPTIONS: Readonly<Record<string, readonly OptionName[]>> = {
  run: MEASURING,
  aa: [...MEASURING, 'slowdown'],
  compare: [
    ...MEASURING,
    'baseline',
    'candidate',
    'install-cmd',
    'build-cmd',
    'no-install',
    'no-build',
    'keep-worktrees',
  ],
  // Each calibration run has its own file in --out; there is no one file to --resume.
  calibrate: [
    ...MEASURING.filter((o) => o !== 'resume'),
    'rounds',
    'slowdowns',
    'slowdown-rounds',
    'from',
    'detect-n',
  ],
  report: ['format', 'svg', 'fail-on-lost', 'no-fail-on-lost', 'growth', 'factorial', ...VERDICT],
  'compare-files': ['side', 'json', ...VERDICT],
  list: ['json', 'timeout-ms', 'cache-dir'],
};

/** @throws {UsageError} naming the first given option that `command` does not take, and the ones it does. */
export function checkCommandOptions(command: string, values: CliValues): void {
  const allowed = COMMAND_OPTIONS[command];
  if (!allowed) return;
  const given = (Object.keys(values) as OptionName[]).filter((k) => k !== 'help' && values[k] !== undefined);
  const extra = given.find((k) => !allowed.includes(k));
  if (extra === undefined) return;
  const hint = command === 'report' && extra === 'json' ? ' (for JSON use --format json)' : '';
  throw new UsageError(
    `${command} does not take ${optionLabel(extra)}${hint}; its options: ${allowed.map(optionLabel).join(' ')}`,
  );
}

/** Parsed command line. */
export type CliValues = ReturnType<typeof parse>['values'];

function parse(argv: string[]) {
  return parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
}

/** `-3`, `-0.5`, `-1e-3`: a value that parseArgs would take for an option (and call ambiguous). */
const NEGATIVE_NUMBER = /^-(?:\d|\.\d)/;

/** The option a token names (`-n`, `--alpha`), when it takes a value and the value is not attached (`--n=5`). */
function valueOption(token: string): string | undefined {
  const entries = Object.entries(OPTIONS) as [string, { type: string; short?: string }][];
  const found = entries.find(([name, o]) => token === `--${name}` || (o.short && token === `-${o.short}`));
  return found && found[1].type === 'string' ? found[0] : undefined;
}

/**
 * `-n -3` → `--n=-3`: a negative number after an option that takes a value is that value, so the option's own
 * check names it ("-n \"-3\" is not a plain decimal integer …") instead of Node's generic "argument is ambiguous".
 */
function attachNegativeValues(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    const name = valueOption(token);
    const next = argv[i + 1];
    if (name !== undefined && next !== undefined && NEGATIVE_NUMBER.test(next)) {
      out.push(`--${name}=${next}`);
      i++;
    } else out.push(token);
  }
  return out;
}

/**
 * Parses argv (after the subcommand); a {@link UsageError} names an unknown option, a missing value or an option
 * that takes one value given twice.
 */
export function parseCli(argv: string[]): { values: CliValues; positionals: string[] } {
  const args = attachNegativeValues(argv);
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(args);
  } catch (e) {
    throw new UsageError(describeArgvError(args, OPTIONS, (e as Error).message));
  }
  const repeated = describeRepeatedOption(args, OPTIONS);
  if (repeated !== undefined) throw new UsageError(repeated);
  return parsed;
}

/** How the command line names an option: `-n` for the one with a short form, else `--name`. */
export function optionLabel(name: string): string {
  const o = (OPTIONS as Record<string, { short?: string }>)[name];
  return o?.short ? `-${o.short}` : `--${name}`;
}

// Plain decimal notation only: `1e1` is not how anyone writes ten samples, and Number() would also take `0x10`,
// `Infinity`, `1_0`-free but space-padded text and the empty string as 0.
const PLAIN_INTEGER = /^\d+$/;
const PLAIN_DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * The one parser of numeric command-line text: an integer option takes plain decimal digits (`10`, not `1e1`,
 * `+10` or `-3`), any other a decimal number (`0.05`, `1e-3`); then the range. The {@link UsageError} names the
 * option and the text as given.
 */
export function parseNumberText(label: string, raw: string, check: NumberCheck = {}): number {
  const syntax = check.integer ? PLAIN_INTEGER : PLAIN_DECIMAL;
  if (!syntax.test(raw)) {
    throw new UsageError(
      `${label} ${JSON.stringify(raw)} is not a plain decimal ${check.integer ? 'integer' : 'number'}${rangeClause(check, false)}`,
    );
  }
  return checkNumber(label, Number(raw), check, raw);
}

/** Reads a numeric option with {@link parseNumberText}; `fallback` when it is not given. */
export function numberOption(
  values: CliValues,
  name: keyof CliValues,
  fallback: number,
  check: NumberCheck = {},
): number {
  const raw = values[name];
  if (raw === undefined) return fallback;
  if (typeof raw !== 'string') throw new UsageError(`${optionLabel(name)} takes a number`);
  return parseNumberText(optionLabel(name), raw, check);
}

/** The verdict settings a report is analysed with. */
export type VerdictSettings = Pick<RunRecord['config'], 'alpha' | 'threshold' | 'metric'>;

/** The report-time analysis settings: the verdict settings plus the multiple-comparison correction. */
export type AnalysisSettings = VerdictSettings & { correction: Correction };

/**
 * The analysis options shared by the measuring commands and `report`: `--alpha`, `--threshold` and `--metric`
 * over the given defaults, plus `--growth` and `--factorial`.
 */
export function analysisOptions(
  values: CliValues,
  defaults: VerdictSettings,
): OutputOptions & { overrides: AnalysisSettings } {
  const alpha = numberOption(values, 'alpha', defaults.alpha, NUMBER_LIMITS.alpha);
  const threshold = numberOption(values, 'threshold', defaults.threshold, NUMBER_LIMITS.threshold);
  if (values.metric !== undefined && !(METRIC_NAMES as readonly string[]).includes(values.metric)) {
    throw new UsageError(`unknown --metric ${JSON.stringify(values.metric)} (${METRIC_NAMES.join(', ')})`);
  }
  const metric = (values.metric as MetricName | undefined) ?? defaults.metric;
  return {
    overrides: { alpha, threshold, metric, correction: values['no-holm'] ? 'none' : 'holm' },
    ...(values.growth ? { growth: values.growth } : {}),
    ...(values.factorial ? { factorial: values.factorial } : {}),
  };
}

/** The help text. */
export const HELP = `tombstone-bench — co-measured benchmarks: baseline vs candidate, forked and interleaved

Usage:
  tombstone-bench run [files…]      compare the in-code factor of each suite (\`compare: {factor, baseline, candidate}\`)
  tombstone-bench compare --baseline <git-ref> [--candidate <git-ref>] [files…]
                                    compare two revisions (candidate default: the working tree)
  tombstone-bench aa [files…]       same code on both sides: measures the false-verdict rate (--slowdown 0.1 injects 10%)
  tombstone-bench calibrate [files…] [--rounds 5] [--slowdowns 0.1,0.05] [--slowdown-rounds N] [--out dir]
                            [--from dir…] [--detect-n 20,30]
                                    repeated A/A and injected-slowdown runs: the measured false-verdict rate, the power
                                    at each slowdown and the smallest change detected at 80% power for the chosen -n
                                    (--detect-n: also at other n); --from re-summarises saved runs (several dirs)
  tombstone-bench report <results.json> [--format terminal|markdown|json|jmh] [--svg dir] [--fail-on-lost]
                                    exits 0 unless --fail-on-lost and a benchmark Lost, failed or is Invalid
  tombstone-bench compare-files <old.json> <new.json> [--side baseline|candidate|both]
                                    benchstat-style: two saved runs (not co-measured), U test + Holm per benchmark
  tombstone-bench list [files…] [--json]
  tombstone-bench --version

Bench files: *.bench.{ts,mts,cts,js,mjs,cjs}; TypeScript ones type-checked with the project's typescript when it
             has one (errors as file:line:col; without it a note); --no-typecheck
Selection:   --filter <regex>  --param name=v1,v2[,name2=v]
Design:      --design paired (default): both sides in every fork, in alternating ABBA/BAAB blocks, each side
             from its own copy of the code; the test runs over the forks' within-fork ratios (signed-rank)
             --design forks: one side per fork, forks interleaved in pairs (Mann-Whitney)
Sampling:    sequential by default: each benchmark is looked at every --look-every <5> forks per side up to
             -n <max, default 20> and stops once decided (--spending pocock|obrien-fleming, default pocock);
             a benchmark that can no longer reach a difference stops early (--no-futility: runs on to -n)
             --fixed-n: every benchmark takes -n <default 10> forks per side
             --sample-ms <default 100>  --warmup-ms <cap, default 150>
             --warmup-min-ms <minimum warm-up per fork, default 0: none; at most the cap>
             --timeout-ms <per fork, default 60000>  --no-pin  --no-alloc  --instructions (valgrind)
Output:      --out <results.json>  --resume <results.json>  --json (NDJSON events on stdout)  --events <file>
             --force (replace an existing --out or --events file or calibration directory; else refused)
             --format terminal|markdown|json|jmh  --svg <dir>  --no-fail-on-lost
             --growth <numeric param> (fit O(N^k) per side)  --factorial <param> (2×2: code × param)
             --resume continues the same comparison and --sample-ms/--warmup-ms/--warmup-min-ms/--no-alloc/
             --instructions only (else exit 2); -n may raise the samples per side, never lower them
Verdicts:    --metric cpuNsPerOp (default)|nsPerOp (wall)|bytesPerOp|instructionsPerOp  --alpha 0.05  --threshold 0.02
             --no-holm (per-benchmark p only; default: Holm–Bonferroni across the run's benchmarks)
             a benchmark whose checks fail is Inconclusive, never Won/Lost
Git mode:    --install-cmd "<cmd>" (repeatable: alternatives)  --build-cmd "<cmd>"  --no-install  --no-build
             --keep-worktrees

Exit codes: 0 ok · 1 a benchmark Lost, failed or a side failed to build · 2 bad input · 130 interrupted`;

/** The usage lines of one command in {@link HELP}: its own line and the indented ones continuing it. */
function usageOf(command: string): string[] {
  const lines = HELP.split('\n');
  const start = lines.findIndex(
    (l) => l.startsWith(`  tombstone-bench ${command} `) || l === `  tombstone-bench ${command}`,
  );
  if (start < 0) return [];
  const end = lines.findIndex((l, i) => i > start && !/^ {4,}/.test(l));
  return lines.slice(start, end < 0 ? undefined : end);
}

/** The sections of {@link HELP} that describe the options of a measuring command (Git mode for `compare` only). */
function optionSections(command: string): string[] {
  const lines = HELP.split('\n');
  const from = lines.findIndex((l) => l.startsWith('Bench files:'));
  const to = lines.findIndex((l) => l.startsWith('Exit codes:'));
  const sections = lines
    .slice(from, to)
    .join('\n')
    .trimEnd()
    .split(/\n(?=[A-Z][\w ]+:)/);
  return sections.filter((s) => command === 'compare' || !s.startsWith('Git mode:'));
}

/**
 * `tombstone-bench <command> --help`: that command's usage and the options it takes (each command takes only its
 * own, so the global help listed options a command then refuses), then the exit codes.
 */
export function commandHelp(command: string): string {
  const allowed = COMMAND_OPTIONS[command];
  if (!allowed) return HELP;
  const measuring = allowed.includes('n');
  const words = allowed.map(optionLabel);
  const wrapped: string[] = [];
  for (const w of words) {
    const last = wrapped.at(-1);
    if (last !== undefined && last.length + w.length < 110) wrapped[wrapped.length - 1] = `${last}  ${w}`;
    else wrapped.push(`  ${w}`);
  }
  return [
    'Usage:',
    ...usageOf(command),
    '',
    'Options:',
    ...wrapped,
    ...(measuring ? ['', ...optionSections(command)] : []),
    '',
    HELP.slice(HELP.indexOf('Exit codes:')),
  ].join('\n');
}
