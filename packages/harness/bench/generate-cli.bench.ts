/**
 * `tombstone-harness generate --spec mixed --format ndjson` as a whole process against the generator in process, in
 * the same run: both sides write the same 10^6 ops of NDJSON, the baseline from inside the fork (workload → opLine →
 * 32 Ki-character chunks → writeSync, what `generate` does), the candidate by running the built CLI (`dist/cli.js`):
 * start-up, spec loading, argument checks and its write path included. `to` is where the NDJSON goes: `file` (a
 * fresh file per call; the CLI's stdout is the file) or `pipe` (a named pipe drained by a separate reader process,
 * as `generate … | consumer` has it; the CLI then writes through process.stdout and waits for 'drain').
 * ops/s = 10^6 / (ns per call) × 10^9. A million ops per call, so the CLI's start-up (about 0.3 s for `--ops 1`
 * against 0.1 s for `node -e 0`, load 8) is a small part of the figure, as it is for a user's long history. Run it
 * with `--metric nsPerOp`: the candidate's work is in a child process, which the fork's own CPU time does not see.
 *
 *   npx tombstone-bench run bench/generate-cli.bench.ts --metric nsPerOp --no-fail-on-lost
 *
 * (from the package directory after a build, or from any project that installed the harness: the CLI is found as
 * `@tombstone-lab/harness` resolves from the working directory).
 */
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { defineSuite } from '@tombstone-lab/bench';
import mixed from '../specs/mixed.json' with { type: 'json' };
import { opLine } from '../src/encode/ndjson.js';
import { parseWorkloadSpec } from '../src/generator/spec.js';
import { workload } from '../src/generator/workload.js';

const OPS = 1_000_000;
/** The chunk `generate` hands to stdout (src/cli/generate-command.ts). */
const CHUNK = 1 << 15;

/** The built CLI of the harness that resolves from the working directory. */
function builtCli(): string {
  const require = createRequire(join(process.cwd(), 'noop.js'));
  return join(dirname(require.resolve('@tombstone-lab/harness/package.json')), 'dist', 'cli.js');
}

/**
 * Opens a named pipe for writing with a reader process draining it (a reader that keeps up, as `| wc -l` would),
 * once per fork: the reader's start-up is not in any timed call. It is a separate process, so the fork's blocking
 * writes wait on a real pipe buffer; it ends at EOF, when the fork exits and its end closes.
 */
function openDrainedPipe(fifo: string): number {
  const reader = spawn(
    process.execPath,
    ['-e', 'require("node:fs").createReadStream(process.argv[1]).resume()', fifo],
    { stdio: 'ignore' },
  );
  reader.unref();
  // Blocks until the reader has opened its end (a FIFO opens for writing only once someone reads it).
  return openSync(fifo, 'w');
}

export default defineSuite({
  name: 'GenerateCliBench',
  params: { to: ['file', 'pipe'] },
  compare: { factor: 'where', baseline: 'in-process', candidate: 'cli' },
  primary: 'ops1M',
  // One call is a whole process (seconds): a call warms the in-process side up by itself.
  sampling: { warmupMs: 500, sampleMs: 500 },
  setup: ({ where, to }) => {
    const dir = mkdtempSync(join(tmpdir(), 'generate-cli-bench-'));
    const fifo = join(dir, 'ops.fifo');
    if (to === 'pipe') execFileSync('mkfifo', [fifo]);
    return {
      pipe: to === 'pipe' ? openDrainedPipe(fifo) : null,
      w: workload(parseWorkloadSpec(mixed), 42),
      cli: where === 'cli' ? builtCli() : null,
      file: join(dir, 'ops.ndjson'),
      next: 0,
    };
  },
  benchmarks: {
    ops1M: (s) => {
      // A new slice of the stream each call, so no call re-reads what the page cache or the JIT saw last time.
      const from = s.next;
      s.next = (s.next + OPS) % (s.w.lastOp - OPS);
      const fd = s.pipe ?? openSync(s.file, 'w');
      try {
        if (s.cli !== null) {
          const args = [
            'generate',
            '--spec',
            'mixed',
            '--seed',
            '42',
            '--from',
            String(from),
            '--ops',
            String(OPS),
          ];
          execFileSync(process.execPath, [s.cli, ...args], { stdio: ['ignore', fd, 'ignore'] });
          return from;
        }
        let chunk = '';
        for (const op of s.w.ops(0, from, OPS)) {
          chunk += `${opLine(op)}\n`;
          if (chunk.length >= CHUNK) {
            writeSync(fd, chunk);
            chunk = '';
          }
        }
        writeSync(fd, chunk);
        return from;
      } finally {
        if (s.pipe === null) closeSync(fd);
      }
    },
  },
});
