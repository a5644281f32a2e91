import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { EXIT } from './command.js';
import { divergingCheck, runInProcess } from './test-cli.js';

// An install without the optional peer: bench's `/format` (its shell quoting) is not there.
vi.mock('./bench-peer.js', async (actual) => ({
  ...(await actual<typeof import('./bench-peer.js')>()),
  benchFormatIfInstalled: async () => undefined,
}));

describe('check without bench installed', () => {
  it('its replay hint puts a plain path in a command, and a path that needs quoting in none', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'harness-no-bench-'));
    const plain = await runInProcess([...divergingCheck('end-exclusive', 300), '--out', 'bad.ndjson'], dir);
    expect(plain.code).toBe(EXIT.failed);
    expect(plain.err).toContain('  replay file: bad.ndjson (tombstone-harness check --replay bad.ndjson)\n');
    const spaced = await runInProcess([...divergingCheck('end-exclusive', 300), '--out', 'a b.ndjson'], dir);
    expect(spaced.code).toBe(EXIT.failed);
    expect(spaced.err).toContain(
      '  replay file: a b.ndjson (replay it with check --replay and this file, quoted)\n',
    );
  });
});
