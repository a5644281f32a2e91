import { readFileSync } from 'node:fs';
import { HarnessArgumentError } from '../errors.js';
import type { CliCommand, CliCommandInfo } from './command.js';

const BENCH = '@tombstone-lab/bench';

/**
 * The bench versions this harness works with: its peer range in package.json (one directory above `src/` and
 * `dist/`), so the install line the error prints is one that matches.
 */
function benchPeerRange(): string {
  const json = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    peerDependencies?: Record<string, string>;
  };
  const range = json.peerDependencies?.[BENCH];
  // Inside this repository the range is pnpm's `workspace:0.x`; a published package carries `0.x`. Not the exact
  // version: changesets makes every dependent of a peer that leaves its range a major release (harness 1.0.0 for
  // bench's first minor in the release rehearsal).
  return range === undefined || range.startsWith('workspace:') ? BENCH : `${BENCH}@${range}`;
}

/** Whether `error` is Node failing to find the bench package itself (not a module bench failed to load). */
function isBenchMissing(error: unknown): boolean {
  const e = error as NodeJS.ErrnoException | undefined;
  return e?.code === 'ERR_MODULE_NOT_FOUND' && e.message.includes(`'${BENCH}'`);
}

/**
 * Loads a module that needs `@tombstone-lab/bench`, an optional peer dependency: bench's statistics, tables and SVG
 * writer draw stress and case reports, and its runner (with esbuild, 11 of the 20 MB an install took) measures the
 * cases. Someone who wants `workload()`, `generate` or `check` installs neither (issue 23).
 * @throws HarnessArgumentError naming the command and the install line when bench is not installed.
 */
export async function loadWithBench<T>(what: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (!isBenchMissing(error)) throw error;
    throw new HarnessArgumentError(
      `${what} needs ${BENCH}, which is not installed (it draws the reports and measures the cases): npm install ${benchPeerRange()}`,
    );
  }
}

/**
 * Bench's pure text forms (`@tombstone-lab/bench/format`: shell quoting, number forms) when bench is installed, else
 * undefined: for the bench-free commands (`check`), which print better with them but must run without them.
 */
export async function benchFormatIfInstalled(): Promise<
  typeof import('@tombstone-lab/bench/format') | undefined
> {
  try {
    return await import('@tombstone-lab/bench/format');
  } catch (error) {
    if (isBenchMissing(error)) return undefined;
    throw error;
  }
}

/**
 * A command whose code needs bench: its module is imported on first run through {@link loadWithBench}, so the
 * bench-free commands (and the library) start without bench installed.
 */
export function benchCommand(info: CliCommandInfo, load: () => Promise<CliCommand>): CliCommand {
  return {
    ...info,
    async run(context) {
      const command = await loadWithBench(info.name, load);
      return command.run(context);
    },
  };
}
