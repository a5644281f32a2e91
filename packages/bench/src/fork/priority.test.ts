import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { tempProject } from '../test-helpers.js';
import { runFork } from './fork.js';
import type { ForkJob } from './fork-protocol.js';

const here = dirname(fileURLToPath(import.meta.url));
const JOB: ForkJob = { mode: 'count', kit: '', bundle: 'unused', benchmark: 'unused', params: {}, ops: 1 };

/** A worker that reports its own nice and its scheduling group's, optionally after keepRaisedPriority. */
function reportingWorker(dir: string, keep: boolean): string {
  const source = `import { readFileSync, writeSync } from 'node:fs';
import { getPriority } from 'node:os';
import { keepRaisedPriority } from ${JSON.stringify(join(here, 'priority.ts'))};
${keep ? 'keepRaisedPriority();' : ''}
const group = /nice (-?\\d+)/.exec(readFileSync('/proc/self/autogroup', 'utf8'))?.[1];
writeSync(3, JSON.stringify({ ok: true, mode: 'count', ops: 1, nice: getPriority(), groupNice: Number(group) }) + '\\n');
process.exit(0);
`;
  const out = buildSync({
    stdin: { contents: source, resolveDir: here, loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
  });
  const file = join(dir, keep ? 'keeps.mjs' : 'plain.mjs');
  writeFileSync(file, out.outputFiles[0]?.text ?? '');
  return file;
}

async function niceOf(keep: boolean, niceBy: number): Promise<{ nice: number; groupNice: number }> {
  const dir = tempProject({});
  const outcome = await runFork(JOB, {
    worker: reportingWorker(dir, keep),
    nodeArgs: [],
    wrapper: ['nice', '-n', String(niceBy)],
    timeoutMs: 20_000,
    cwd: dir,
  });
  if (outcome.kind !== 'result') throw new Error(`fork failed: ${outcome.message} ${outcome.logTail}`);
  return outcome.result as unknown as { nice: number; groupNice: number };
}

/** Whether this process may raise a priority (CAP_SYS_NICE, e.g. root): otherwise `nice -n -1` runs at the old one. */
function mayRaisePriority(): boolean {
  const raised = Number(spawnSync('nice', ['-n', '-1', 'nice']).stdout?.toString().trim());
  return raised < getPriority() || raised === -20;
}

// Linux with autogroup scheduling only: elsewhere a session is no scheduling group and there is nothing to keep.
// `nice -n -25` raises the fork's nice below 0 whatever the test runner's own (at most 19; clamped at -20).
describe.skipIf(!existsSync('/proc/self/autogroup') || !mayRaisePriority())('keepRaisedPriority', () => {
  it('a detached fork at a raised priority starts in a scheduling group of nice 0 (why it is needed)', async () => {
    const { nice, groupNice } = await niceOf(false, -25);
    expect(nice).toBeLessThan(0);
    expect(groupNice).toBe(0);
  });

  it('gives the fork’s scheduling group the fork’s raised nice', async () => {
    const { nice, groupNice } = await niceOf(true, -25);
    expect(nice).toBeLessThan(0);
    expect(groupNice).toBe(nice);
  });

  it('leaves a lowered priority in the default group (forks of a nice-19 test run keep a fair share)', async () => {
    const { nice, groupNice } = await niceOf(true, 5);
    expect(nice).toBeGreaterThan(0);
    expect(groupNice).toBe(0);
  });
});
