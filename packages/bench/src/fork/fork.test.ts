import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { processGone, tempProject } from '../test-helpers.js';
import { runFork } from './fork.js';
import type { ForkJob } from './fork-protocol.js';

const JOB: ForkJob = { mode: 'count', kit: '', bundle: 'unused', benchmark: 'unused', params: {}, ops: 1 };

// Workers in plain JS: they stand in for a benchmark whose setup starts a long-lived process with inherited stdio.
const WORKERS = {
  'finishes.mjs': `import { spawn } from 'node:child_process';
import { writeFileSync, writeSync } from 'node:fs';
const g = spawn('sleep', ['30'], { stdio: 'inherit' });
writeFileSync('grandchild.pid', String(g.pid));
writeSync(3, JSON.stringify({ ok: true, mode: 'count', ops: 7 }) + '\\n');
process.exit(0);
`,
  'hangs.mjs': `import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
const g = spawn('sleep', ['30'], { stdio: 'inherit' });
writeFileSync('grandchild.pid', String(g.pid));
setInterval(() => {}, 1000);
`,
};

describe('runFork with a grandchild holding the pipes', () => {
  it('settles a finished fork as its result, not a timeout, and kills the leftover grandchild', async () => {
    const dir = tempProject(WORKERS);
    const pidFile = join(dir, 'grandchild.pid');
    const outcome = await runFork(JOB, {
      worker: join(dir, 'finishes.mjs'),
      nodeArgs: [],
      timeoutMs: 10_000,
      cwd: dir,
    });
    expect(outcome.kind).toBe('result');
    expect(outcome.kind === 'result' && outcome.result).toEqual({ ok: true, mode: 'count', ops: 7 });
    expect(await processGone(Number(readFileSync(pidFile, 'utf8')))).toBe(true);
  });

  it('kills the whole process group on timeout', async () => {
    const dir = tempProject(WORKERS);
    const pidFile = join(dir, 'grandchild.pid');
    const outcome = await runFork(JOB, {
      worker: join(dir, 'hangs.mjs'),
      nodeArgs: [],
      timeoutMs: 1000,
      cwd: dir,
    });
    expect(outcome.kind).toBe('timeout');
    expect(await processGone(Number(readFileSync(pidFile, 'utf8')))).toBe(true);
  });

  it('kills the whole process group on abort', async () => {
    const dir = tempProject(WORKERS);
    const pidFile = join(dir, 'grandchild.pid');
    const ac = new AbortController();
    const pending = runFork(JOB, {
      worker: join(dir, 'hangs.mjs'),
      nodeArgs: [],
      timeoutMs: 30_000,
      cwd: dir,
      signal: ac.signal,
    });
    // Abort once the grandchild exists, so the test exercises the group kill rather than a kill before spawn.
    for (let i = 0; i < 200; i++) {
      try {
        readFileSync(pidFile, 'utf8');
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 25));
      }
    }
    ac.abort();
    const outcome = await pending;
    expect(outcome.kind).toBe('interrupted');
    expect(await processGone(Number(readFileSync(pidFile, 'utf8')))).toBe(true);
  });
});
