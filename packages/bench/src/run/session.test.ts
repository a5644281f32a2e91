import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempProject } from '../test-helpers.js';
import { nullSink } from './event-sink.js';
import { makeSession } from './session.js';

describe('session temp bundles', () => {
  it('bundles go to a fresh dir of this invocation, removed by dispose', async () => {
    const cwd = tempProject({});
    const s = await makeSession({ mode: 'run', cwd }, nullSink, new AbortController().signal);
    expect(s.ctx.cacheDir.startsWith(join(tmpdir(), 'tombstone-bench', 'run-'))).toBe(true);
    expect(existsSync(s.ctx.cacheDir)).toBe(true);
    s.dispose();
    expect(existsSync(s.ctx.cacheDir)).toBe(false);
  });

  it('a cacheDir the user named is kept', async () => {
    const cwd = tempProject({});
    const s = await makeSession(
      { mode: 'run', cwd, cacheDir: 'cache' },
      nullSink,
      new AbortController().signal,
    );
    s.dispose();
    expect(s.ctx.cacheDir).toBe(join(cwd, 'cache'));
    expect(existsSync(s.ctx.cacheDir)).toBe(true);
  });
});
