import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { displayPath } from '@tombstone-lab/bench/runner';
import { describeValue, HarnessArgumentError } from '../errors.js';
import { writeFileAtomic } from '../files/atomic-file.js';
import { checkOutputFile } from '../files/output-path.js';
import { randomSeed } from '../generator/seed.js';
import { resolveSpecPath } from '../generator/spec-file.js';
import { compareStress, isSameConfiguration, StressInterruptedError } from '../stress/stress-compare.js';
import { renderStressTable } from '../stress/stress-report.js';
import { runStress } from '../stress/stress-run.js';
import { summarizeStress } from '../stress/stress-summary.js';
import type { StressTargetFactory } from '../stress/stress-target.js';
import { DEFAULT_COMPARE_ROUNDS, judgeStress, renderStressVerdicts } from '../stress/stress-verdicts.js';
import { checkRangeStoreName, DEFAULT_RANGE_STORE_NAME } from '../workloads/range-stores.js';
import {
  type CliCommand,
  type CliContext,
  COUNT_RANGE,
  EXIT,
  INDEX_RANGE,
  integerOption,
} from './command.js';
import { checkHtmlFile, writeStressHtml } from './stress-html.js';
import { parseDuration, parsePositiveNumber, progressLine, STRESS_COMMAND_INFO } from './stress-options.js';

/** The options shared by a single run and both sides of `--compare`. */
interface RunShape {
  readonly specFile: string;
  readonly seed: number;
  readonly stream: number;
  readonly ops?: number;
  readonly durationMs?: number;
  readonly rate?: number;
  /** `--hdr-log FILE`: written only when asked for (it was written on every run). */
  readonly hdrLog: string | null;
}

function runShape(context: CliContext): RunShape {
  const { values, io } = context;
  if (typeof values.spec !== 'string') throw new HarnessArgumentError('stress: --spec FILE is required');
  if (values.ops === undefined && values.duration === undefined)
    throw new HarnessArgumentError('stress: give --ops N or --duration (e.g. 30s)');
  if (values.ops !== undefined && values.duration !== undefined)
    throw new HarnessArgumentError(
      `stress: give --ops N or --duration, not both (got --ops ${describeValue(values.ops)} and --duration ${describeValue(values.duration)})`,
    );
  if (values.rounds !== undefined && values.compare === undefined)
    throw new HarnessArgumentError(
      `stress: --rounds ${describeValue(values.rounds)} applies to --compare A B only (a single run has one round)`,
    );
  const seed = integerOption(context, 'stress', 'seed', INDEX_RANGE, randomSeed());
  return {
    specFile: resolveSpecPath(values.spec, io.cwd),
    seed,
    stream: integerOption(context, 'stress', 'stream', INDEX_RANGE, 0),
    ...(values.ops === undefined ? {} : { ops: integerOption(context, 'stress', 'ops', COUNT_RANGE) }),
    ...(typeof values.duration === 'string'
      ? { durationMs: parseDuration(values.duration, 'stress: --duration') }
      : {}),
    ...(typeof values.rate === 'string' ? { rate: parsePositiveNumber(values.rate, 'stress: --rate') } : {}),
    // Last, after every other option is known good: only a valid run creates the default log directory.
    hdrLog:
      typeof values['hdr-log'] === 'string'
        ? checkOutputFile(values['hdr-log'], io.cwd, 'stress: --hdr-log', { force: values.force === true })
        : null,
  };
}

/** The built CLI a `--compare` side runs in a fresh process. */
function builtCli(): string {
  const cli = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'cli.js');
  if (!existsSync(cli))
    throw new HarnessArgumentError(
      `stress --compare runs the built CLI ${cli}: build the harness first (pnpm build)`,
    );
  return cli;
}

async function runOne(
  context: CliContext,
  shape: RunShape,
  makeTarget: StressTargetFactory,
  htmlFile: string | null,
): Promise<number> {
  const { values, io } = context;
  const rangeStore = checkRangeStoreName(
    values['range-store'] ?? DEFAULT_RANGE_STORE_NAME,
    'stress: --range-store',
  );
  const { specFile, seed, stream } = shape;
  const { target, specName } = await makeTarget({
    specFile,
    seed,
    stream,
    rangeStore,
    ...(shape.ops !== undefined ? { ops: shape.ops } : {}),
  });
  io.stderr(
    `stress: spec ${specName}, seed ${shape.seed}, stream ${shape.stream}, range store ${rangeStore}\n`,
  );
  const outcome = await runStress(target, {
    ...(shape.ops !== undefined ? { ops: shape.ops } : {}),
    ...(shape.durationMs !== undefined ? { durationMs: shape.durationMs } : {}),
    ...(shape.rate !== undefined ? { rate: shape.rate } : {}),
    ...(io.isTTY ? { onProgress: (p) => io.stderr(progressLine(p.ops, p.rate, p.etaSec)) } : {}),
    ...(io.signal ? { signal: io.signal } : {}),
  });
  if (io.isTTY) io.stderr('\r\u001b[2K');
  if (shape.hdrLog !== null) writeFileAtomic(shape.hdrLog, outcome.histogramLog);
  const summary = summarizeStress(outcome, {
    spec: specName,
    seed: shape.seed,
    stream: shape.stream,
    'range store': rangeStore,
  });
  const table = renderStressTable(summary);
  if (htmlFile !== null) writeStressHtml(htmlFile, outcome, summary.label, table);
  io.stdout(
    values.json
      ? `${JSON.stringify(summary)}\n`
      : `${table}${shape.hdrLog === null ? '' : `HdrHistogram log: ${displayPath(io.cwd, shape.hdrLog)}\n`}${htmlFile === null ? '' : `HTML report: ${displayPath(io.cwd, htmlFile)}\n`}`,
  );
  return outcome.interrupted ? EXIT.interrupted : EXIT.ok;
}

async function runCompare(context: CliContext, shape: RunShape): Promise<number> {
  const { values, positionals, io } = context;
  if (positionals.length !== 1)
    throw new HarnessArgumentError(
      `stress --compare takes two range stores A B, got ${describeValue([values.compare, ...positionals])}`,
    );
  if (values['range-store'] !== undefined)
    throw new HarnessArgumentError('stress: --compare A B chooses the range stores; drop --range-store');
  const configs = [
    checkRangeStoreName(values.compare, 'stress: --compare A'),
    checkRangeStoreName(positionals[0], 'stress: --compare B'),
  ] as const;
  // At most bench's own limit of samples per side; 1 is taken (the table then says alpha is out of reach).
  const rounds = integerOption(context, 'stress', 'rounds', { min: 1, max: 1000 }, DEFAULT_COMPARE_ROUNDS);
  const args = ['--spec', shape.specFile, '--seed', String(shape.seed), '--stream', String(shape.stream)];
  if (shape.ops !== undefined) args.push('--ops', String(shape.ops));
  if (shape.durationMs !== undefined) args.push('--duration', `${shape.durationMs}ms`);
  if (shape.rate !== undefined) args.push('--rate', String(shape.rate));
  const aa = isSameConfiguration(configs);
  io.stderr(
    `stress --compare: seed ${shape.seed}, ${rounds} fresh processes per side, interleaved${aa ? `; A/A: ${configs[0]} on both sides, a calibration of the run-to-run noise` : ''}\n`,
  );
  const startedAt = new Date().toISOString();
  let result: Awaited<ReturnType<typeof compareStress>>;
  try {
    result = await compareStress({
      configs,
      option: '--range-store',
      rounds,
      args,
      hdrLogPrefix: shape.hdrLog === null ? null : shape.hdrLog.replace(/\.hlog$/, ''),
      cliPath: builtCli(),
      seed: shape.seed,
      onRun: (config, round) => io.stderr(`  round ${round + 1}/${rounds}: ${config}\n`),
      ...(io.signal ? { signal: io.signal } : {}),
    });
  } catch (error) {
    if (!(error instanceof StressInterruptedError)) throw error;
    io.stderr(
      `stress --compare: interrupted after ${error.completed} of ${2 * rounds} runs; nothing judged\n`,
    );
    return EXIT.interrupted;
  }
  // Judged by bench (exact Mann-Whitney, Hodges-Lehmann interval, checks, verdict): no delta without its statistics.
  const analysis = judgeStress(result, startedAt);
  if (values.json) {
    io.stdout(`${JSON.stringify({ ...result, analysis })}\n`);
    return EXIT.ok;
  }
  const title = aa
    ? `A/A calibration, range store ${configs[0]} on both sides: any verdict but Unchanged is a false one (seed ${shape.seed}, ${rounds} fresh processes per side)`
    : `Before → After, range store ${configs[0]} → ${configs[1]} (seed ${shape.seed}, ${rounds} fresh processes per side, judged by @tombstone-lab/bench)`;
  io.stdout(`${title}\n${renderStressVerdicts(analysis)}`);
  return EXIT.ok;
}

/** `tombstone-harness stress`: a cassandra-stress-style run of a workload against the engine. */
export function stressCommand(makeTarget: StressTargetFactory): CliCommand {
  return {
    ...STRESS_COMMAND_INFO,
    async run(context) {
      if (context.values.compare !== undefined && context.values.html !== undefined)
        throw new HarnessArgumentError('stress: --html draws a single run; drop it with --compare A B');
      const htmlFile = checkHtmlFile(context.values.html, context.io.cwd, context.values.force === true);
      const shape = runShape(context);
      if (context.values.compare !== undefined) return runCompare(context, shape);
      if (context.positionals.length > 0)
        throw new HarnessArgumentError(
          `stress: unexpected argument ${describeValue(context.positionals[0])}`,
        );
      return runOne(context, shape, makeTarget, htmlFile);
    },
  };
}
