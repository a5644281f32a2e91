import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { UsageError } from '../errors.js';

// A directory the walk cannot list (`tombstone-bench run /proc` met /proc/1/fdinfo: EACCES even as root), planted
// here without depending on the machine's permissions.
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const readdirSync = ((path: string, options: never) => {
    if (String(path).endsWith('locked'))
      throw Object.assign(new Error(`EACCES: permission denied, scandir '${path}'`), { code: 'EACCES' });
    return fs.readdirSync(path, options);
  }) as typeof fs.readdirSync;
  return { ...fs, readdirSync, default: { ...fs, readdirSync } };
});

const { findBenchFiles } = await import('./discover.js');

describe('findBenchFiles', () => {
  it('a directory it cannot list is a one-line UsageError naming it, not a stack from readdirSync', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tombstone-bench-discover-'));
    mkdirSync(join(dir, 'sub', 'locked'), { recursive: true });
    writeFileSync(join(dir, 'sub', 'a.bench.mjs'), 'export default {}');
    for (const args of [[], ['sub']]) {
      let error: unknown;
      try {
        findBenchFiles(args, dir);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(UsageError);
      expect((error as Error).message).toBe(
        `cannot search ${join(dir, 'sub', 'locked')} for bench files (EACCES); name the bench files or their directory`,
      );
    }
  });
});
