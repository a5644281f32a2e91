import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempProject } from '../test-helpers.js';
import { setUpRun } from './plan-run.js';

describe('run setup: temp bundles', () => {
  it('bundles go to a fresh dir of this invocation, removed by dispose', async () => {
    const cwd = tempProject({});
    const s = await setUpRun({ mode: 'run', cwd });
    expect(s.ctx.cacheDir.startsWith(join(tmpdir(), 'tombstone-bench', 'run-'))).toBe(true);
    expect(existsSync(s.ctx.cacheDir)).toBe(true);
    s.dispose();
    expect(existsSync(s.ctx.cacheDir)).toBe(false);
  });

  it('a cacheDir the user named is kept', async () => {
    const cwd = tempProject({});
    const s = await setUpRun({ mode: 'run', cwd, cacheDir: 'cache' });
    s.dispose();
    expect(s.ctx.cacheDir).toBe(join(cwd, 'cache'));
    expect(existsSync(s.ctx.cacheDir)).toBe(true);
  });
});
