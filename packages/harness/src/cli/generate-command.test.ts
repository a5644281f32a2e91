import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeOp } from '../encode/ndjson.js';
import { loadSpecFile } from '../generator/spec-file.js';
import { workload } from '../generator/workload.js';
import { EXIT } from './command.js';
import { runInProcess as run, SPECS as specs } from './test-cli.js';

describe('tombstone-harness generate', () => {
  it('prints ops K … K+N−1 as NDJSON, op K computed directly, and names the seed', async () => {
    const all = await run(['generate', '--spec', 'mixed.json', '--seed', '42', '--ops', '50']);
    expect(all.code).toBe(EXIT.ok);
    expect(all.err).toBe('tombstone-harness generate: seed 42 stream 0 ops 0…49 spec mixed\n');
    const lines = all.out.trimEnd().split('\n');
    expect(lines).toHaveLength(50);
    const one = await run(['generate', '--spec', 'mixed.json', '--seed', '42', '--ops', '1', '--from', '37']);
    expect(one.out).toBe(`${lines[37]}\n`);
    const spec = await loadSpecFile('mixed.json', specs);
    expect(lines[10]).toBe(encodeOp(workload(spec, 42).op(0, 10)));
  });

  it('prints a random seed when none is given, which reproduces the run', async () => {
    const first = await run(['generate', '--spec', 'mixed.json', '--ops', '20', '--stream', '2']);
    const seed = /seed (\d+)/.exec(first.err)?.[1];
    expect(seed).toBeDefined();
    const again = await run([
      'generate',
      '--spec',
      'mixed.json',
      '--ops',
      '20',
      '--stream',
      '2',
      '--seed',
      seed!,
    ]);
    expect(again.out).toBe(first.out);
  });

  it('prints CQL with the schema first', async () => {
    const r = await run([
      'generate',
      '--spec',
      'mixed.json',
      '--seed',
      '1',
      '--ops',
      '30',
      '--format',
      'cql',
    ]);
    const lines = r.out.trimEnd().split('\n');
    expect(lines[0]).toBe('-- tombstone-harness seed 1 stream 0 ops 0…29 spec mixed');
    expect(lines[1]).toMatch(/^CREATE KEYSPACE IF NOT EXISTS harness/);
    expect(lines[2]).toMatch(/^CREATE TABLE IF NOT EXISTS harness.tombstones/);
    expect(lines).toHaveLength(33);
  });

  it('names every bad value', async () => {
    const cases: [string[], string][] = [
      [['generate', '--ops', '5'], '--spec is required'],
      [['generate', '--spec', 'mixed.json'], '--ops is required'],
      [
        ['generate', '--spec', 'mixed.json', '--ops', '1e3'],
        'generate: --ops must be an integer in [1, 2^53 − 1], got "1e3"',
      ],
      [['generate', '--spec', 'mixed.json', '--ops', '3', '--seed=-2'], 'got "-2"'],
      [
        ['generate', '--spec', 'mixed.json', '--ops', '3', '--seed', '-2'],
        'generate: --seed must be an integer in [0, 2^53 − 1], got "-2"',
      ],
      [
        ['generate', '--spec', 'mixed.json', '--ops', '3', '--format', 'xml'],
        '--format must be ndjson or cql, got "xml"',
      ],
      [['generate', '--spec', 'missing.json', '--ops', '3'], 'cannot read spec file "missing.json": ENOENT'],
      [['generate', '--spec', 'mixed.yaml', '--ops', '3'], 'must end in .json, .js or .mjs'],
      [
        ['generate', '--spec', 'mixed.json', '--ops', '3', '--sed', '1'],
        'generate: unknown option --sed (options: --spec, --seed, --ops, --from, --stream, --format)',
      ],
      [['generate', '--spec', 'mixed.json', '--ops'], 'generate: --ops needs a value'],
    ];
    for (const [args, message] of cases) {
      const r = await run(args);
      expect(r.code, args.join(' ')).toBe(EXIT.usage);
      expect(r.err).toContain(message);
    }
  });

  it('reports every spec issue with its path and the file name', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'harness-spec-'));
    const bad = JSON.parse(readFileSync(join(specs, 'mixed.json'), 'utf8'));
    bad.ops.rangeDelete.weight = 'x';
    bad.timestamps.polcy = 'monotonic';
    writeFileSync(join(dir, 'bad.json'), JSON.stringify(bad));
    const r = await run(['generate', '--spec', 'bad.json', '--ops', '1'], dir);
    expect(r.code).toBe(EXIT.usage);
    expect(r.err).toBe(
      'tombstone-harness: invalid workload spec bad.json:\n  ops.rangeDelete.weight: expected a number ≥ 0, got "x"\n  timestamps.polcy: unknown key\n',
    );
    expect(r.out).toBe('');
  });
});
