import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import {
  checkSpecIsCheckable,
  checkStreamPaced,
  type EngineChoice,
  parseReplay,
  type StreamCheck,
} from '../check/check-run.js';
import { CORRUPTORS } from '../check/corruptors.js';
import { checkReplay } from '../check/replay-check.js';
import { rowText } from '../check/result-row.js';
import type { Divergence } from '../check/run-history.js';
import { opLine } from '../encode/ndjson.js';
import { describeValue, HarnessArgumentError } from '../errors.js';
import { writeFileAtomic } from '../files/atomic-file.js';
import { checkOutputFile } from '../files/output-path.js';
import { checkIndex, randomSeed } from '../generator/seed.js';
import { loadSpecFile } from '../generator/spec-file.js';
import { workload } from '../generator/workload.js';
import { Pacer } from '../pacer.js';
import { checkRangeStoreName, DEFAULT_RANGE_STORE_NAME } from '../workloads/range-stores.js';
import { benchFormatIfInstalled } from './bench-peer.js';
import {
  type CliCommand,
  type CliContext,
  COUNT_RANGE,
  commandLine,
  EXIT,
  INDEX_RANGE,
  integerOption,
  requiredOption,
} from './command.js';
import { progressLine } from './stress-options.js';

function describeDivergence(d: Divergence): string {
  const rows = (rs: Divergence['expected']) => `[${rs.map(rowText).join(', ')}]`;
  const lines = [`  op ${d.op.k}: ${opLine(d.op)}`];
  if (d.read !== null && d.read !== d.op) lines.push(`  read: ${opLine(d.read)}`);
  if (d.error !== undefined) lines.push(`  engine threw: ${d.error}`);
  lines.push(`  expected: ${rows(d.expected)}`, `  actual:   ${rows(d.actual)}`);
  return lines.join('\n');
}

function engineChoice(values: CliContext['values'], defaults?: EngineChoice): EngineChoice {
  const store = checkRangeStoreName(
    values['range-store'] ?? defaults?.rangeStore ?? DEFAULT_RANGE_STORE_NAME,
    'check: --range-store',
  );
  const corruptor = (values.corrupt as string | undefined) ?? defaults?.corruptor ?? null;
  if (corruptor !== null && !CORRUPTORS.some((c) => c.name === corruptor)) {
    throw new HarnessArgumentError(
      `check: --corrupt must be one of ${CORRUPTORS.map((c) => c.name).join(', ')}, got ${describeValue(corruptor)}`,
    );
  }
  return { rangeStore: store, corruptor };
}

/** `--out FILE`, checked writable before any work (the shrunk history is the run's result: it must not be lost). */
function outFile({ values, io }: CliContext): string | null {
  return typeof values.out === 'string'
    ? checkOutputFile(values.out, io.cwd, 'check: --out', { force: values.force === true })
    : null;
}

/** A path no shell splits or expands: it needs no quoting in a command to paste. */
const PLAIN_PATH = /^[\w./-]+$/;

/**
 * The line naming the replay file written to `file` (as the user typed it) and the command that replays it,
 * shell-quoted with bench's quoting so a path with spaces or `$`, `'`, `;` survives the paste. Bench is an optional
 * peer and `check` runs without it: then only a plain path is put in a command (a quote-less one broke when pasted).
 */
async function replayFileLine(io: CliContext['io'], file: string): Promise<string> {
  const args = ['check', '--replay', file];
  const format = await benchFormatIfInstalled();
  const command = format
    ? commandLine(io, format.shellQuote(args))
    : PLAIN_PATH.test(file)
      ? commandLine(io, args.join(' '))
      : 'replay it with check --replay and this file, quoted';
  return `  replay file: ${file} (${command})\n`;
}

/** What a replay file fixes (the history and the workload it came from): options that would change it are errors. */
const NOT_WITH_REPLAY = ['spec', 'seed', 'ops', 'streams', 'stream', 'from'] as const;

async function replay(context: CliContext, file: string): Promise<number> {
  const { io, values } = context;
  const given = NOT_WITH_REPLAY.filter((name) => values[name] !== undefined);
  if (given.length > 0) {
    throw new HarnessArgumentError(
      `check --replay: the replay file fixes the spec, seed and ops; drop ${given.map((n) => `--${n} ${describeValue(values[n])}`).join(', ')} ` +
        '(--range-store, --corrupt, --no-shrink and --out apply to a replay)',
    );
  }
  const text = await readFile(resolve(io.cwd, file), 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new HarnessArgumentError(
      `check: cannot read replay file ${describeValue(file)}: ${error.code ?? error.message}`,
    );
  });
  const out = outFile(context);
  const r = parseReplay(text, file);
  io.stderr(`tombstone-harness check --replay ${file}: ${r.ops.length} ops\n`);
  // A clock read per op, as `check` itself: a replayed op costs about as much as a checked one.
  const pacer = new Pacer(io.signal, undefined, 1);
  const c = await checkReplay(r, pacer, {
    choice: engineChoice(values, r.choice),
    shrink: values['no-shrink'] !== true,
  });
  const what = `replay ${file}: seed ${r.seed} stream ${r.stream}, ${r.ops.length} ops, range store ${c.choice.rangeStore}${c.choice.corruptor ? `, corruptor ${c.choice.corruptor}` : ''}`;
  if (c.stats === null) {
    io.stderr(`${what}: interrupted before its end; nothing judged\n`);
    return EXIT.interrupted;
  }
  if (c.divergence === null) {
    io.stdout(`${what}: no divergence (${c.stats.reads} reads compared)\n`);
    return EXIT.ok;
  }
  io.stdout(`${what}: DIVERGES\n${describeDivergence(c.divergence)}\n`);
  if (values['no-shrink'] === true) return EXIT.failed;
  io.stderr(
    `  history: ${c.fileOps} ops, shrunk to ${c.shrunkOps}${c.interrupted ? ' when interrupted (not minimal)' : ''}\n`,
  );
  if (out !== null) {
    writeFileAtomic(out, c.replay!);
    io.stderr(await replayFileLine(io, values.out as string));
  } else if (c.shrunkOps < c.fileOps) io.stdout(c.replay!);
  return c.interrupted ? EXIT.interrupted : EXIT.failed;
}

function summary(checks: readonly StreamCheck[], spec: string, choice: EngineChoice, seed: number): string {
  const sum = (f: (c: StreamCheck) => number) => checks.reduce((s, c) => s + f(c), 0);
  const ms = sum((c) => c.elapsedMs);
  const ops = sum((c) => c.stats.ops);
  const streams =
    checks.length === 1
      ? `stream ${checks[0]!.stream}`
      : `streams ${checks[0]!.stream}…${checks.at(-1)!.stream}`;
  return (
    `check: seed ${seed}, ${streams}, spec ${spec}, range store ${choice.rangeStore}${choice.corruptor ? `, corruptor ${choice.corruptor}` : ''}: ` +
    `${ops} ops applied and checked (${sum((c) => c.stats.reads)} reads, ${sum((c) => c.stats.sweeps)} quiescent sweeps, ${sum((c) => c.stats.rows)} rows) ` +
    `in ${(ms / 1000).toFixed(1)} s — ${Math.round((ops / ms) * 1000)} ops/s`
  );
}

/** `check`: a workload against the real engine and the reference model; `--replay FILE` re-runs a shrunk history. */
export const checkCommand: CliCommand = {
  name: 'check',
  summary:
    'model-check ops of one or more streams against the engine; on a divergence, print the shrunk history as a replay file',
  usage:
    '--spec FILE --ops N [--seed S] [--streams M] [--stream S] [--from K] [--range-store eager|copy-on-write|persistent] [--corrupt NAME] [--out FILE [--force]] [--no-shrink] | --replay FILE [--range-store NAME] [--corrupt NAME] [--no-shrink] [--out FILE [--force]]',
  options: {
    spec: { type: 'string' },
    seed: { type: 'string' },
    ops: { type: 'string' },
    streams: { type: 'string' },
    stream: { type: 'string' },
    from: { type: 'string' },
    'range-store': { type: 'string' },
    corrupt: { type: 'string' },
    out: { type: 'string' },
    'no-shrink': { type: 'boolean' },
    replay: { type: 'string' },
    force: { type: 'boolean' },
  },
  async run(context) {
    if (typeof context.values.replay === 'string') return replay(context, context.values.replay);
    return checkStreams(context);
  },
};

/** Most streams one `check` takes: a bound on the work one command line asks for (issue 23: 10^8 was accepted). */
const MAX_STREAMS = 100_000;

/** Every option of a stream check, validated before any work. */
async function streamOptions(context: CliContext) {
  const { values, io } = context;
  const spec = await loadSpecFile(requiredOption(context, 'spec', 'check'), io.cwd);
  const ops = integerOption(context, 'check', 'ops', COUNT_RANGE);
  const seed = integerOption(context, 'check', 'seed', INDEX_RANGE, randomSeed());
  const streams = integerOption(context, 'check', 'streams', { min: 1, max: MAX_STREAMS }, 1);
  const first = integerOption(context, 'check', 'stream', INDEX_RANGE, 0);
  const from = integerOption(context, 'check', 'from', INDEX_RANGE, 0);
  checkIndex(first + streams - 1, 'check: --stream + --streams − 1');
  checkSpecIsCheckable(spec);
  workload(spec, seed).checkRange(from, ops);
  const choice = engineChoice(values);
  const out = outFile(context);
  return { spec, ops, seed, streams, first, from, choice, out };
}

/** The TTY progress line of a stream check: streams done, ops checked, rate and ETA. */
function checkProgress(io: CliContext['io'], total: number) {
  const started = performance.now();
  let done = 0;
  let current = 0;
  return {
    /** A stream finished: its ops count as done. */
    streamDone(ops: number) {
      done += ops;
      current = 0;
    },
    update(ops: number) {
      current = ops;
    },
    draw() {
      if (!io.isTTY) return;
      const ops = done + current;
      const rate = ops / ((performance.now() - started) / 1000);
      io.stderr(progressLine(ops, rate, rate > 0 ? (total - ops) / rate : null));
    },
    clear() {
      if (io.isTTY) io.stderr('\r\u001b[2K');
    },
  };
}

/** `check --spec … --ops N`: streams checked one after the other, paced so Ctrl-C stops within a slice. */
async function checkStreams(context: CliContext): Promise<number> {
  const { values, io } = context;
  const { spec, ops, seed, streams, first, from, choice, out } = await streamOptions(context);
  io.stderr(`tombstone-harness check: seed ${seed}\n`);
  const progress = checkProgress(io, ops * streams);
  // A clock read per op: a checked op costs ~0.5 ms, a clock read 37 ns.
  const pacer = new Pacer(io.signal, () => progress.draw(), 1);
  const checks: StreamCheck[] = [];
  for (let s = first; s < first + streams; s++) {
    const c = await checkStreamPaced(spec, seed, s, ops, choice, pacer, {
      from,
      shrink: values['no-shrink'] !== true,
      progress: (stats) => progress.update(stats.ops),
    });
    progress.clear();
    checks.push(c);
    progress.streamDone(c.stats.ops);
    if (c.divergence !== null) {
      io.stderr(
        `check: DIVERGENCE at seed ${seed} stream ${s} op ${c.divergence.op.k}\n${describeDivergence(c.divergence)}\n` +
          `  history: ${c.historyOps} ops, shrunk to ${c.shrunkOps}${c.interrupted ? ' when interrupted (not minimal)' : ''}\n`,
      );
      if (out !== null) {
        writeFileAtomic(out, c.replay!);
        io.stderr(await replayFileLine(io, values.out as string));
      } else io.stdout(c.replay!);
      io.stderr(`${summary(checks, spec.name, choice, seed)}; DIVERGED\n`);
      return c.interrupted ? EXIT.interrupted : EXIT.failed;
    }
    if (c.interrupted) {
      io.stderr(`${summary(checks, spec.name, choice, seed)}; interrupted, no divergence so far\n`);
      return EXIT.interrupted;
    }
  }
  io.stdout(`${summary(checks, spec.name, choice, seed)}; no divergence\n`);
  return EXIT.ok;
}
