import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeRecord, makeRun } from '../stats/test-fixtures.js';
import { runCli, tempProject } from '../test-helpers.js';
import { writeRunAtomic } from './results-store.js';

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
    expect(r.stderr).toContain(
      `--svg: cannot create directory ${join(dir, 'package.json')}: it (or a parent) is a file`,
    );
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
