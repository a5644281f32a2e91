import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeRecord, makeRun } from '../stats/test-fixtures.js';
import { FAST, runCli, tempProject } from '../test-helpers.js';
import { checkOutputFile, ensureDirectory, makeDirectories } from './directories.js';
import { writeJsonAtomic, writeRunAtomic } from './results-store.js';

describe('directories named on the command line', () => {
  it('calibrate --from a missing directory is a one-line usage error, exit 2', async () => {
    const dir = tempProject({});
    const r = await runCli(['calibrate', '--from', '/nonexistent'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--from: cannot read directory /nonexistent: it does not exist');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('report --svg onto a file is a one-line usage error, exit 2', async () => {
    const dir = tempProject({});
    writeFileSync(join(dir, 'package.json'), '{}');
    const b = [100, 104, 99, 103, 98, 102, 100.5, 97, 101.5, 99.5];
    writeRunAtomic(join(dir, 'bench.json'), makeRun([makeRecord({ baseline: b, candidate: b })]));
    const r = await runCli(['report', 'bench.json', '--svg', 'package.json'], dir);
    expect(r.code).toBe(2);
    // Named as typed (it printed the absolute path).
    expect(r.stderr).toBe(
      'tombstone-bench: --svg: cannot create directory package.json: it (or a parent) is a file, not a directory\n',
    );
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

const PROC = existsSync('/proc/self');

describe('output paths are checked before any work', () => {
  it.skipIf(!PROC)(
    'a directory under /proc fails at once (Node 20 recursive mkdir loops there forever)',
    () => {
      expect(() => makeDirectories('/proc/tombstone-bench-svg/a')).toThrow(/ENOENT/);
      expect(() => ensureDirectory('/proc/tombstone-bench-svg', '--svg')).toThrow(
        '--svg: cannot create directory /proc/tombstone-bench-svg: it does not exist',
      );
    },
  );

  it('makeDirectories creates missing levels and refuses a file on the way', () => {
    const dir = tempProject({ f: 'x' });
    makeDirectories(join(dir, 'a', 'b', 'c'));
    expect(existsSync(join(dir, 'a', 'b', 'c'))).toBe(true);
    expect(() => makeDirectories(join(dir, 'f', 'g'))).toThrow(/ENOTDIR/);
  });

  it('checkOutputFile: a directory, an unwritable place; a fine path leaves no probe and no directory behind', () => {
    const dir = tempProject({});
    expect(() => checkOutputFile(dir, '--out')).toThrow(`--out ${dir} is a directory`);
    if (PROC)
      expect(() => checkOutputFile('/proc/x.json', '--out')).toThrow('--out /proc/x.json cannot be written');
    checkOutputFile(join(dir, 'sub', 'deeper', 'r.json'), '--out');
    expect(readdirSync(dir)).toEqual([]);
    mkdirSync(join(dir, 'kept'));
    checkOutputFile(join(dir, 'kept', 'r.json'), '--out');
    expect(readdirSync(dir)).toEqual(['kept']);
    expect(readdirSync(join(dir, 'kept'))).toEqual([]);
  });

  it('writeJsonAtomic onto a directory throws and leaves no temp file beside it', () => {
    const dir = tempProject({});
    mkdirSync(join(dir, 'target'));
    expect(() => writeJsonAtomic(join(dir, 'target'), { a: 1 })).toThrow();
    expect(readdirSync(dir)).toEqual(['target']);
  });

  it.each([
    ['/proc/x.json', /--out \/proc\/x\.json cannot be written/],
    ['.', /--out .* is a directory/],
  ])(
    'run --out %s: one-line usage error, exit 2, nothing measured',
    async (out, message) => {
      const dir = tempProject({
        'a.bench.ts': `import { defineSuite } from '@tombstone-lab/bench';
export default defineSuite({ name: 'A', setup: () => 1, benchmarks: { f: (s) => s + 1 } });
`,
      });
      if (out.startsWith('/proc') && !PROC) return;
      const r = await runCli(['run', 'a.bench.ts', '-n', '3', '--out', out, ...FAST], dir);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(r.stdout).not.toContain('A.f');
    },
    60_000,
  );

  it.skipIf(!PROC)(
    'report --svg /proc/svg: usage error naming the path, exit 2 (it used to hang)',
    async () => {
      const dir = tempProject({});
      const b = [100, 104, 99, 103, 98, 102, 100.5, 97, 101.5, 99.5];
      writeRunAtomic(join(dir, 'bench.json'), makeRun([makeRecord({ baseline: b, candidate: b })]));
      const r = await runCli(['report', 'bench.json', '--svg', '/proc/svg'], dir);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('--svg: cannot create directory /proc/svg: it does not exist');
    },
  );
});
