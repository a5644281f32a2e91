import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const cli = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

describe('tombstone-harness executable', () => {
  it('exits quietly when the reader closes stdout (generate … | head -1)', async () => {
    const child = spawn(process.execPath, [cli, 'generate', '--spec', 'mixed', '--ops', '1000000'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((done) => child.on('close', done));
    expect(err).not.toContain('EPIPE');
    expect(code).toBe(0);
  }, 30_000);
});
