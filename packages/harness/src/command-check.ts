import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { writeFileAtomic } from './atomic-file.js';
import { checkStream, type EngineChoice, parseReplay, type StreamCheck } from './check/check-run.js';
import { CORRUPTORS } from './check/corruptors.js';
import { checkReplay } from './check/replay-check.js';
import { rowText } from './check/result-row.js';
import type { Divergence } from './check/run-history.js';
import { type CliCommand, type CliContext, EXIT, requiredOption } from './cli-command.js';
import { describeValue, HarnessArgumentError } from './errors.js';
import { encodeOp } from './ndjson.js';
import { checkOutputFile } from './output-path.js';
import { parseIndex, randomSeed } from './seed.js';
import { loadSpecFile } from './spec-file.js';
import { checkRangeStoreName, DEFAULT_RANGE_STORE_NAME } from './workloads/range-stores.js';

function describeDivergence(d: Divergence): string {
  const rows = (rs: Divergence['expected']) => `[${rs.map(rowText).join(', ')}]`;
  const lines = [`  op ${d.op.k}: ${encodeOp(d.op)}`];
  if (d.read !== null && d.read !== d.op) lines.push(`  read: ${encodeOp(d.read)}`);
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
  return typeof values.out === 'string' ? checkOutputFile(values.out, io.cwd, 'check: --out') : null;
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
  const c = checkReplay(r, { choice: engineChoice(values, r.choice), shrink: values['no-shrink'] !== true });
  const what = `replay ${file}: seed ${r.seed} stream ${r.stream}, ${r.ops.length} ops, range store ${c.choice.rangeStore}${c.choice.corruptor ? `, corruptor ${c.choice.corruptor}` : ''}`;
  if (c.divergence === null) {
    io.stdout(`${what}: no divergence (${c.stats.reads} reads compared)\n`);
    return EXIT.ok;
  }
  io.stdout(`${what}: DIVERGES\n${describeDivergence(c.divergence)}\n`);
  if (values['no-shrink'] === true) return EXIT.failed;
  io.stderr(`  history: ${c.fileOps} ops, shrunk to ${c.shrunkOps}\n`);
  if (out !== null) {
    writeFileAtomic(out, c.replay!);
    io.stderr(`  replay file: ${values.out} (tombstone-harness check --replay ${values.out})\n`);
  } else if (c.shrunkOps < c.fileOps) io.stdout(c.replay!);
  return EXIT.failed;
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
    '--spec FILE --ops N [--seed S] [--streams M] [--stream S] [--from K] [--range-store eager|copy-on-write|persistent] [--corrupt NAME] [--out FILE] [--no-shrink] | --replay FILE [--range-store NAME] [--corrupt NAME] [--no-shrink] [--out FILE]',
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
  },
  async run(context) {
    const { values, io } = context;
    if (typeof values.replay === 'string') return replay(context, values.replay);
    const file = requiredOption(context, 'spec', 'check');
    const spec = await loadSpecFile(file, io.cwd);
    const ops = parseIndex(requiredOption(context, 'ops', 'check'), '--ops');
    const seed = values.seed === undefined ? randomSeed() : parseIndex(String(values.seed), '--seed');
    const streams = values.streams === undefined ? 1 : parseIndex(String(values.streams), '--streams');
    const first = values.stream === undefined ? 0 : parseIndex(String(values.stream), '--stream');
    const from = values.from === undefined ? 0 : parseIndex(String(values.from), '--from');
    if (streams < 1) throw new HarnessArgumentError('check: --streams must be at least 1, got 0');
    const choice = engineChoice(values);
    const out = outFile(context);
    io.stderr(`tombstone-harness check: seed ${seed}\n`);
    const checks: StreamCheck[] = [];
    for (let s = first; s < first + streams; s++) {
      const c = checkStream(spec, seed, s, ops, choice, { from, shrink: values['no-shrink'] !== true });
      checks.push(c);
      if (c.divergence !== null) {
        io.stderr(
          `check: DIVERGENCE at seed ${seed} stream ${s} op ${c.divergence.op.k}\n${describeDivergence(c.divergence)}\n` +
            `  history: ${c.historyOps} ops, shrunk to ${c.shrunkOps}\n`,
        );
        if (out !== null) {
          writeFileAtomic(out, c.replay!);
          io.stderr(`  replay file: ${values.out} (tombstone-harness check --replay ${values.out})\n`);
        } else io.stdout(c.replay!);
        io.stderr(`${summary(checks, spec.name, choice, seed)}; DIVERGED\n`);
        return EXIT.failed;
      }
    }
    io.stdout(`${summary(checks, spec.name, choice, seed)}; no divergence\n`);
    return EXIT.ok;
  },
};
