import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ResultsFileError } from '../errors.js';
import type { RunRecord } from '../model.js';
import { PROTOCOL_VERSION } from '../protocol/version.js';
import { emptyRunRecord, makeRecord } from '../stats/test-fixtures.js';
import { tempProject } from '../test-helpers.js';
import { publishRun, readRun, writeRunAtomic } from './results-store.js';

const record: RunRecord = emptyRunRecord();

const bench: RunRecord['benchmarks'][number] = {
  id: { suite: 'S', benchmark: 'b', params: {} },
  key: 'S.b',
  role: 'primary',
  labels: { baseline: 'x', candidate: 'y' },
  samples: [],
  failures: [],
};

describe('results store', () => {
  it('writes atomically (no temp file left) and reads back', () => {
    const dir = tempProject({});
    const file = join(dir, 'nested', 'r.json');
    writeRunAtomic(file, record);
    writeRunAtomic(file, { ...record, finishedAt: 'x' });
    expect(readdirSync(join(dir, 'nested'))).toEqual(['r.json']);
    expect(readRun(file).finishedAt).toBe('x');
  });

  it.each([
    ['{ nope', /not valid JSON/],
    ['null', /not an object/],
    [JSON.stringify({ ...record, schemaVersion: 99 }), /schemaVersion 99/],
    [JSON.stringify({ ...record, benchmarks: undefined }), /has a malformed benchmarks: Invalid key/],
    [JSON.stringify({ ...record, benchmarks: [{ key: 'k' }] }), /malformed benchmarks\.0\.id/],
    [JSON.stringify({ ...record, invocation: { argv: 'run', cwd: '/w' } }), /malformed invocation\.argv/],
    [
      JSON.stringify({ ...record, invocation: { argv: ['run', 3], cwd: '/w' } }),
      /malformed invocation\.argv\.1/,
    ],
    [JSON.stringify({ ...record, schemaVersion: 2, runId: 7 }), /malformed runId/],
    [
      JSON.stringify({ ...record, config: { ...record.config, metric: 'furlongs' } }),
      /has a malformed config\.metric: Invalid type: Expected \("nsPerOp"/,
    ],
    [
      JSON.stringify({ ...record, benchmarks: [{ ...bench, role: 'lead' }] }),
      /malformed benchmarks\.0\.role/,
    ],
  ])('rejects %s', (text, message) => {
    const file = join(tempProject({}), 'bad.json');
    writeFileSync(file, text);
    expect(() => readRun(file)).toThrow(ResultsFileError);
    expect(() => readRun(file)).toThrow(message);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('reads a file written before invocations were recorded, and round-trips one that has it', () => {
    const dir = tempProject({});
    const old = join(dir, 'old.json');
    writeFileSync(old, JSON.stringify(record));
    expect(readRun(old).invocation).toBeUndefined();
    const invocation = { argv: ['/x/cli.js', 'run', 'a b.bench.ts'], cwd: '/work dir' };
    const current = join(dir, 'new.json');
    writeRunAtomic(current, { ...record, invocation });
    expect(readRun(current).invocation).toEqual(invocation);
  });

  it('reads a protocol 2 file whose samples lack a field added later with the one schema (v3 on: strict)', () => {
    const dir = tempProject({});
    const sampled = makeRecord({ baseline: [1, 2], candidate: [1, 2] });
    const old = {
      ...record,
      schemaVersion: 2,
      benchmarks: [
        {
          ...sampled,
          samples: sampled.samples.map(({ env: { affinity, ...env }, ...s }) => ({ ...s, env })),
        },
      ],
    };
    const v2 = join(dir, 'v2.json');
    writeFileSync(v2, JSON.stringify(old));
    expect(readRun(v2).benchmarks[0]!.samples).toHaveLength(4);
    expect(readRun(v2).benchmarks[0]!.samples[0]!.env.affinity).toBeNull();
    const v3 = join(dir, 'v3.json');
    writeFileSync(v3, JSON.stringify({ ...old, schemaVersion: PROTOCOL_VERSION }));
    expect(() => readRun(v3)).toThrow(/malformed benchmarks\.0\.samples\.0\.env\.affinity/);
  });

  it('names a missing file', () => {
    expect(() => readRun('/nonexistent/r.json')).toThrow(/cannot read results file \/nonexistent\/r.json/);
  });
});

describe('readRun: an array', () => {
  it('says the file holds an array, not a run (it said "schemaVersion undefined")', () => {
    const dir = tempProject({});
    const file = join(dir, 'a.json');
    writeFileSync(file, '[{"schemaVersion": 4}]');
    expect(() => readRun(file)).toThrow(/holds a JSON array, not a run/);
    expect(() => readRun(file)).not.toThrow(/schemaVersion undefined/);
  });
});

describe("publishRun (a run's first write)", () => {
  it('next-free: a default name another run claimed gives -2, -3; exclusive: refused, the other run file kept', () => {
    const dir = tempProject({});
    const file = join(dir, 'r', 'results-x.json');
    const names = ['a', 'b', 'c'].map((id) => publishRun(file, { ...record, runId: id }, 'next-free'));
    expect(names).toEqual([file, join(dir, 'r', 'results-x-2.json'), join(dir, 'r', 'results-x-3.json')]);
    expect(names.map((f) => readRun(f).runId)).toEqual(['a', 'b', 'c']);
    expect(() => publishRun(file, { ...record, runId: 'd' }, 'exclusive', 'out.json')).toThrow(
      /^out\.json was created by another run after this one checked it; nothing was replaced$/,
    );
    expect(readRun(file).runId).toBe('a');
    expect(readdirSync(join(dir, 'r')).sort()).toEqual([
      'results-x-2.json',
      'results-x-3.json',
      'results-x.json',
    ]);
  });
});
