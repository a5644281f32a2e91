import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findRunner, installCommand, RunnerNotFoundError } from './locate-runner.js';
import { descendants, parseStatParent, readParents, signalAll } from './process-tree.js';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('process tree', () => {
  it('parses the parent out of a stat line whose command has spaces and parens', () => {
    expect(parseStatParent('1234 (node (worker) x) S 99 1234 1234 0 -1')).toBe(99);
    expect(parseStatParent('garbage')).toBeNull();
  });

  it('finds grandchildren of a real process and kills them', async () => {
    const child = spawn('sh', ['-c', 'sleep 30 & sleep 30 & wait'], { stdio: 'ignore' });
    await new Promise((r) => setTimeout(r, 300));
    const tree = descendants(child.pid!, readParents());
    expect(tree.length).toBe(2);
    signalAll(tree, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 200));
    expect(tree.filter(alive)).toEqual([]);
    child.kill('SIGKILL');
  });

  it('orders parents before children', () => {
    const parents = new Map([
      [2, 1],
      [3, 2],
      [4, 1],
      [5, 3],
      [9, 8],
    ]);
    expect(descendants(1, parents)).toEqual([2, 4, 3, 5]);
  });
});

describe('findRunner', () => {
  it('uses the nearest node_modules/.bin/tombstone-bench up to the workspace root, never above it', () => {
    const root = mkdtempSync(join(tmpdir(), 'tb-runner-'));
    const pkg = join(root, 'packages', 'core');
    mkdirSync(join(pkg, 'bench'), { recursive: true });
    mkdirSync(join(pkg, 'node_modules', '.bin'), { recursive: true });
    const bin = join(pkg, 'node_modules', '.bin', 'tombstone-bench');
    writeFileSync(bin, '#!/bin/sh\n');
    chmodSync(bin, 0o755);
    const isExe = (p: string) => p === bin;
    expect(findRunner(join(pkg, 'bench'), root, isExe)).toEqual({ bin, cwd: pkg });
    expect(() => findRunner(join(root, 'other'), root, isExe)).toThrow(RunnerNotFoundError);
    expect(() => findRunner(join(pkg, 'bench'), join(pkg, 'bench'), isExe)).toThrow(
      /^install the runner first: npm install -D @tombstone-lab\/bench \(no node_modules\/.bin\/tombstone-bench between/,
    );
  });

  it('suggests the package manager of the nearest lockfile, npm without one (an npm project was told pnpm)', () => {
    const none = () => false;
    expect(installCommand(['/p/a', '/p'], none)).toBe('npm install -D @tombstone-lab/bench');
    expect(installCommand(['/p/a', '/p'], (f) => f === '/p/pnpm-lock.yaml')).toBe(
      'pnpm add -D @tombstone-lab/bench',
    );
    expect(
      installCommand(['/p/a', '/p'], (f) => f === '/p/yarn.lock' || f === '/p/a/package-lock.json'),
    ).toBe('npm install -D @tombstone-lab/bench');
  });
});
