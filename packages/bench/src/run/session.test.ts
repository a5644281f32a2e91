import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCli } from '../cli/cli-options.js';
import { tempProject } from '../test-helpers.js';
import { nullSink } from './event-sink.js';
import { makeSession } from './session.js';

const io = (cwd: string) => ({ cwd, isTTY: false, stdout: () => {}, stderr: () => {} });

describe('session temp bundles', () => {
  it('bundles go to a fresh dir of this invocation, removed by dispose', async () => {
    const cwd = tempProject({});
    const s = await makeSession(io(cwd), parseCli([]).values, new AbortController().signal, 'run', nullSink);
    expect(s.ctx.cacheDir.startsWith(join(tmpdir(), 'tombstone-bench', 'run-'))).toBe(true);
    expect(existsSync(s.ctx.cacheDir)).toBe(true);
    s.dispose();
    expect(existsSync(s.ctx.cacheDir)).toBe(false);
  });

  it('a --cache-dir the user named is kept', async () => {
    const cwd = tempProject({});
    const values = parseCli(['--cache-dir', 'cache']).values;
    const s = await makeSession(io(cwd), values, new AbortController().signal, 'run', nullSink);
    s.dispose();
    expect(s.ctx.cacheDir).toBe(join(cwd, 'cache'));
    expect(existsSync(s.ctx.cacheDir)).toBe(true);
  });
});
