import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const SCRIPT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..', 'e2e', 'pictures.mjs');
// In CI the browser is installed before the tests (.ci/run), so a missing browser there fails instead of skipping.
const runs = existsSync(CHROMIUM) || process.env.CI === 'true';

describe.skipIf(!runs)('pictures in a real browser (headless Chromium)', () => {
  it('stress --html: three pictures with titles, axes and legends, no text outside, non-blank screenshots, light and dark', () => {
    const out = mkdtempSync(join(tmpdir(), 'pictures-browser-'));
    try {
      const r = spawnSync(process.execPath, [SCRIPT, '--out', out, '--stress-only'], {
        encoding: 'utf8',
        timeout: 240_000,
      });
      expect(r.stdout).not.toContain('pictures FAILED');
      expect(r.stdout.match(/^pictures ok: /gm)).toHaveLength(4);
      expect(r.status).toBe(0);
      expect(readdirSync(out).sort()).toEqual(['stress-dark.png', 'stress-light.png']);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 300_000);
});
