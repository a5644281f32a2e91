import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claimPinning } from './pinning.js';

const freshDir = () => mkdtempSync(join(tmpdir(), 'tl-pin-'));

/** The pid of a process that has exited (spawnSync waits for it). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', ''], { shell: false });
  if (child.pid === undefined) throw new Error('no child pid');
  return child.pid;
}

describe('claimPinning: each concurrent run gets its own core', () => {
  it('gives the last free CPU, then the next, then shares the last when all are held', () => {
    const dir = freshDir();
    const a = claimPinning(dir, [0, 1]);
    const b = claimPinning(dir, [0, 1]);
    const c = claimPinning(dir, [0, 1]);
    expect([a.plan?.cpu, b.plan?.cpu, c.plan?.cpu]).toEqual(['1', '0', '1']);
    expect(readFileSync(join(dir, 'cpu-1.claim'), 'utf8')).toBe(String(process.pid));
    c.release(); // the shared fallback holds nothing: CPU 1 stays a's
    expect(existsSync(join(dir, 'cpu-1.claim'))).toBe(true);
    a.release();
    expect(existsSync(join(dir, 'cpu-1.claim'))).toBe(false);
    expect(claimPinning(dir, [0, 1]).plan?.cpu).toBe('1');
    b.release();
  });

  it("takes over a dead run's claim and skips a live one's", () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'cpu-1.claim'), String(deadPid()));
    writeFileSync(join(dir, 'cpu-0.claim'), String(process.ppid)); // our parent: alive
    const claim = claimPinning(dir, [0, 1]);
    expect(claim.plan?.cpu).toBe('1');
    expect(readFileSync(join(dir, 'cpu-1.claim'), 'utf8')).toBe(String(process.pid));
    expect(claimPinning(dir, [0, 1]).plan?.cpu).toBe('1'); // both held now: shares the last
    claim.release();
    expect(readFileSync(join(dir, 'cpu-0.claim'), 'utf8')).toBe(String(process.ppid));
  });

  it('a claim file with garbage counts as free; release leaves a claim another run took over', () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'cpu-3.claim'), 'not a pid');
    const claim = claimPinning(dir, [3]);
    expect(claim.plan?.cpu).toBe('3');
    writeFileSync(join(dir, 'cpu-3.claim'), String(process.ppid));
    claim.release();
    expect(readFileSync(join(dir, 'cpu-3.claim'), 'utf8')).toBe(String(process.ppid));
  });

  it('no taskset: no pinning and nothing to release', () => {
    const claim = claimPinning(freshDir(), null);
    expect(claim.plan).toBeNull();
    expect(() => claim.release()).not.toThrow();
  });
});
