import { cqlLine, cqlSchema } from '../encode/cql.js';
import { opLine } from '../encode/ndjson.js';
import { describeValue, HarnessArgumentError } from '../errors.js';
import { randomSeed } from '../generator/seed.js';
import { loadSpecFile } from '../generator/spec-file.js';
import { workload } from '../generator/workload.js';
import { Pacer } from '../pacer.js';
import { type CliCommand, COUNT_RANGE, EXIT, INDEX_RANGE, integerOption, requiredOption } from './command.js';

/**
 * Lines are handed to stdout in chunks of about this many characters (one write per op cost a third of the rate).
 * Not more: a chunk holding a non-Latin-1 character (the shipped specs' reversed text values, `ţ`) is a two-byte
 * string, and at 1 << 16 characters (128 KiB) V8 puts each one in large-object space, mapped and unmapped per
 * chunk: 1M mixed ops to a file took 3.1 s CPU (0.76 s system) at 1 << 16 and 1.6 s (0.18 s) at 1 << 15, in
 * process at load 2.7.
 */
const CHUNK = 1 << 15;

/** `generate`: prints ops K … K+N−1 of one stream as NDJSON or CQL. */
export const generateCommand: CliCommand = {
  name: 'generate',
  summary:
    'print ops K … K+N−1 of a stream (op K computed directly) as NDJSON or CQL; the seed goes to stderr',
  usage: '--spec FILE --ops N [--seed S] [--from K] [--stream S] [--format ndjson|cql]',
  options: {
    spec: { type: 'string' },
    seed: { type: 'string' },
    ops: { type: 'string' },
    from: { type: 'string' },
    stream: { type: 'string' },
    format: { type: 'string' },
  },
  async run(context) {
    const { values, io } = context;
    const spec = await loadSpecFile(requiredOption(context, 'spec', 'generate'), io.cwd);
    const count = integerOption(context, 'generate', 'ops', COUNT_RANGE);
    const from = integerOption(context, 'generate', 'from', INDEX_RANGE, 0);
    const stream = integerOption(context, 'generate', 'stream', INDEX_RANGE, 0);
    const seed = integerOption(context, 'generate', 'seed', INDEX_RANGE, randomSeed());
    const format = values.format ?? 'ndjson';
    if (format !== 'ndjson' && format !== 'cql') {
      throw new HarnessArgumentError(
        `generate: --format must be ndjson or cql, got ${describeValue(format)}`,
      );
    }
    const w = workload(spec, seed);
    w.checkRange(from, count);
    const header = `seed ${seed} stream ${stream} ops ${from}…${from + count - 1} spec ${spec.name}`;
    io.stderr(`tombstone-harness generate: ${header}\n`);
    let out = format === 'cql' ? `-- tombstone-harness ${header}\n${cqlSchema(spec)}\n` : '';
    // Paced so Ctrl-C is heard; every write is whole lines, so an interrupted run leaves only complete lines.
    const pacer = new Pacer(io.signal);
    for (const op of w.ops(stream, from, count)) {
      out += `${format === 'cql' ? cqlLine(spec, op) : opLine(op)}\n`;
      if (out.length >= CHUNK) {
        io.stdout(out);
        out = '';
        if (io.drain) await io.drain();
      }
      if (pacer.due() && (await pacer.pause())) {
        io.stdout(out);
        io.stderr(`generate: interrupted after op ${op.k} (every line written is complete)\n`);
        return EXIT.interrupted;
      }
    }
    if (out.length > 0) io.stdout(out);
    return EXIT.ok;
  },
};
