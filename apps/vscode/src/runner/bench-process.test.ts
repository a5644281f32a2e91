import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { followFile } from './bench-process.js';

describe('followFile', () => {
  it('passes on what another process appends, from before the file exists to the last write', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'tb-follow-')), 'events.ndjson');
    let seen = '';
    const f = followFile(file, (chunk) => {
      seen += chunk.toString('utf8');
    });
    await new Promise((r) => setTimeout(r, 150)); // polled while missing: no error
    writeFileSync(file, '{"a":1}\n');
    await new Promise((r) => setTimeout(r, 250));
    expect(seen).toBe('{"a":1}\n');
    appendFileSync(file, '{"b":2}\n');
    f.drain(); // read at once, without waiting for the next poll
    expect(seen).toBe('{"a":1}\n{"b":2}\n');
  });
});
