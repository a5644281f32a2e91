import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

/**
 * Starts the built CLI, sends SIGINT once it has worked for `afterMs` past its first stderr line, and resolves with
 * its exit code and how long it took to exit after the signal (issue 23: check and generate never heard Ctrl-C).
 */
function interrupt(args: string[], stdout: 'pipe' | number, afterMs = 700) {
  const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', stdout, 'pipe'] });
  let err = '';
  let signalledAt = 0;
  child.stdout?.resume();
  child.stderr?.on('data', (d: Buffer) => {
    if (err === '')
      setTimeout(() => {
        signalledAt = performance.now();
        child.kill('SIGINT');
      }, afterMs);
    err += d.toString();
  });
  return new Promise<{ code: number | null; exitMs: number; err: string }>((done) =>
    child.on('close', (code) => done({ code, exitMs: performance.now() - signalledAt, err })),
  );
}

/**
 * Signal to process exit, teardown included, must take at most a second more than starting and ending a bare
 * `node` does right now: the paced loops hear the signal within a 25 ms slice, but on this shared 2-core machine
 * (load 20–35) a process gets a sliver of a core — the exit alone measured 0.3–1.55 s there. A loop that ignores the
 * signal never exits at all.
 */
function exitBoundMs(): number {
  const started = performance.now();
  execFileSync(process.execPath, ['-e', '0']);
  return 1000 + (performance.now() - started);
}

describe('Ctrl-C', () => {
  it('stops check within a second with exit 130 and a summary of what it checked', async () => {
    const r = await interrupt(['check', '--spec', 'check-mixed', '--ops', '10000000', '--seed', '1'], 'pipe');
    expect(r.code).toBe(130);
    expect(r.exitMs).toBeLessThan(exitBoundMs());
    expect(r.err).toMatch(/ops applied and checked .*; interrupted, no divergence so far\n$/);
  }, 30_000);

  it('stops generate within a second with exit 130, leaving only complete lines', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'harness-int-')), 'ops.ndjson');
    const r = await interrupt(['generate', '--spec', 'mixed', '--ops', '100000000'], openSync(file, 'w'));
    expect(r.code).toBe(130);
    expect(r.exitMs).toBeLessThan(exitBoundMs());
    const text = readFileSync(file, 'utf8');
    expect(text.length).toBeGreaterThan(0);
    expect(text.endsWith('\n')).toBe(true);
    const lines = text.slice(0, -1).split('\n');
    for (const line of lines) JSON.parse(line);
    expect(r.err).toContain(
      `generate: interrupted after op ${lines.length - 1} (every line written is complete)`,
    );
  }, 30_000);
});
