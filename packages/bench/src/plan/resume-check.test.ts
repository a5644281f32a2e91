import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ResultsFileError } from '../errors.js';
import type { MeasurementSettings, RunRecord } from '../model.js';
import { runCli, tempProject } from '../test-helpers.js';
import type { CaseSampling } from './planned-case.js';
import { checkResumable, comparisonDifference, measurementDifference } from './resume-check.js';

const M: MeasurementSettings = { sampleMs: 20, warmupMaxMs: 20, allocation: true, instructions: false };
const REV: RunRecord['comparison'] = {
  kind: 'revision',
  baseline: 'HEAD~1',
  candidate: 'HEAD',
  baselineCommit: 'a'.repeat(40),
  candidateCommit: 'b'.repeat(40),
};

function record(comparison: RunRecord['comparison'], measurement?: MeasurementSettings): RunRecord {
  return {
    schemaVersion: 1 as RunRecord['schemaVersion'],
    runId: 'r',
    startedAt: '',
    finishedAt: null,
    comparison,
    config: { samplesPerSide: 3, metric: 'nsPerOp', alpha: 0.05, threshold: 0.02 },
    ...(measurement ? { measurement } : {}),
    benchmarks: [],
  };
}

describe('comparisonDifference', () => {
  it('names the first differing field of each kind of comparison', () => {
    expect(comparisonDifference(REV, { ...REV })).toBeNull();
    // Same refs, moved commits: a different experiment.
    expect(comparisonDifference(REV, { ...REV, candidateCommit: 'c'.repeat(40) })).toMatch(
      /^candidate commit:/,
    );
    expect(comparisonDifference(REV, { ...REV, baseline: 'main' })).toMatch(
      /^baseline ref: .*"HEAD~1".*"main"/,
    );
    const f = { kind: 'factor', factor: 'impl', baseline: 'a', candidate: 'b' } as const;
    expect(comparisonDifference(f, { ...f, candidate: 'c' })).toMatch(/^candidate level:/);
    expect(comparisonDifference(f, { ...f, factor: 'mode' })).toMatch(/^factor:/);
    expect(comparisonDifference(f, REV)).toMatch(/^comparison kind:/);
    const aa = { kind: 'aa', label: 'A/A', slowdown: 0 } as const;
    expect(comparisonDifference(aa, { ...aa, slowdown: 0.001 })).toMatch(/^slowdown: .*0.*0\.001/);
    // An old A/A file without a recorded slowdown is compared on its label.
    expect(comparisonDifference({ kind: 'aa', label: 'A/A' }, aa)).toBeNull();
  });
});

describe('checkResumable', () => {
  it('rejects other measurement settings, accepts old files without them, and refuses to shrink -n', () => {
    expect(measurementDifference(M, { ...M, sampleMs: 100 })).toMatch(/^--sample-ms: .*20.*100/);
    const req = { comparison: REV, measurement: M, samplesPerSide: 3 };
    expect(() => checkResumable('f.json', record(REV, M), req)).not.toThrow();
    expect(() =>
      checkResumable('f.json', record(REV), { ...req, measurement: { ...M, allocation: false } }),
    ).not.toThrow();
    expect(() =>
      checkResumable('f.json', record(REV, M), { ...req, measurement: { ...M, allocation: false } }),
    ).toThrow(ResultsFileError);
    expect(() => checkResumable('f.json', record(REV, M), { ...req, samplesPerSide: 5 })).not.toThrow();
    expect(() => checkResumable('f.json', record(REV, M), { ...req, samplesPerSide: 2 })).toThrow(
      /-n 2 is below .* 3/,
    );
  });

  it('rejects a changed warm-up minimum, run-wide and per benchmark; an absent one is none', () => {
    const req = { comparison: REV, measurement: M, samplesPerSide: 3 };
    expect(measurementDifference(M, { ...M, warmupMinMs: 1500 })).toBe(
      '--warmup-min-ms: the file has 0, this command has 1500',
    );
    expect(measurementDifference({ ...M, warmupMinMs: 1500 }, M)).toMatch(/^--warmup-min-ms: .*1500.*0$/);
    expect(measurementDifference(M, { ...M, warmupMinMs: 0 })).toBeNull();
    expect(() =>
      checkResumable('f.json', record(REV, { ...M, warmupMinMs: 10 }), {
        ...req,
        measurement: { ...M, warmupMinMs: 20 },
      }),
    ).toThrow(/--resume f\.json is a different run: --warmup-min-ms: the file has 10, this command has 20/);
    const withCase = (sampling: RunRecord['benchmarks'][number]['sampling']): RunRecord => ({
      ...record(REV, M),
      benchmarks: [
        {
          id: { suite: 'S', benchmark: 'b', params: {} },
          key: 'S.b',
          role: 'primary',
          labels: { baseline: 'a', candidate: 'b' },
          samples: [],
          failures: [],
          ...(sampling ? { sampling } : {}),
        },
      ],
    });
    const own = { sampleMs: 20, warmupMaxMs: 1500, warmupMinMs: 1500 };
    const sampling = (s: CaseSampling | undefined) => new Map([['S.b', s]]);
    expect(() => checkResumable('f.json', withCase(own), { ...req, sampling: sampling(own) })).not.toThrow();
    expect(() =>
      checkResumable('f.json', withCase(own), {
        ...req,
        sampling: sampling({ ...own, warmupMinMs: 1000 }),
      }),
    ).toThrow(
      'S.b sampling: the file has sampleMs 20, warmupMs 1500, warmupMinMs 1500, this command has sampleMs 20, warmupMs 1500, warmupMinMs 1000',
    );
    const { warmupMinMs: _, ...noMin } = own;
    expect(() => checkResumable('f.json', withCase(own), { ...req, sampling: sampling(noMin) })).toThrow(
      /S\.b sampling: .*warmupMinMs 1500, this command has sampleMs 20, warmupMs 1500$/,
    );
  });
});

describe('--resume end to end (real forks)', () => {
  const dir = tempProject({
    'one.bench.ts': `import { defineSuite } from '@tombstone-lab/bench';
export default defineSuite({ name: 'One', benchmarks: { spin: () => { let t = 0; for (let i = 0; i < 100; i++) t += i; return t; } } });
`,
  });
  const out = join(dir, 'aa.json');
  // --no-typecheck: these tests are about resuming; a type check per command (a tsc start each) took 38 s of the 60 s
  // limit at load 18.
  const base = ['aa', 'one.bench.ts', '--no-typecheck', '--sample-ms', '20', '--warmup-ms', '20'];

  it('refuses an A/A file with another --slowdown or --sample-ms (exit 2, file untouched); -n grows a fixed-n run', async () => {
    const first = await runCli([...base, '-n', '1', '--fixed-n', '--out', out], dir);
    expect([0, 1]).toContain(first.code);
    const before = readFileSync(out, 'utf8');
    const slower = await runCli([...base, '--slowdown', '0.5', '--resume', out], dir);
    expect(slower.code).toBe(2);
    expect(slower.stderr).toMatch(/different run: label/);
    const longer = await runCli(
      ['aa', 'one.bench.ts', '--no-typecheck', '--sample-ms', '40', '--warmup-ms', '20', '--resume', out],
      dir,
    );
    expect(longer.code).toBe(2);
    expect(longer.stderr).toMatch(/--sample-ms: the file has 20, this command has 40/);
    expect(readFileSync(out, 'utf8')).toBe(before);

    const grown = await runCli([...base, '-n', '2', '--resume', out], dir);
    expect([0, 1]).toContain(grown.code);
    const run = JSON.parse(readFileSync(out, 'utf8')) as RunRecord;
    expect(run.config.samplesPerSide).toBe(2);
    expect(run.benchmarks[0]?.samples).toHaveLength(4);
  }, 60_000);

  it('records --warmup-min-ms and refuses a resume with another minimum or none (exit 2, file untouched)', async () => {
    const minOut = join(dir, 'min.json');
    const first = await runCli(
      [...base, '-n', '1', '--fixed-n', '--warmup-min-ms', '10', '--out', minOut],
      dir,
    );
    expect([0, 1]).toContain(first.code);
    const run = JSON.parse(readFileSync(minOut, 'utf8')) as RunRecord;
    expect(run.measurement).toMatchObject({ warmupMaxMs: 20, warmupMinMs: 10 });
    expect(run.invocation?.argv).toContain('--warmup-min-ms');
    const before = readFileSync(minOut, 'utf8');
    const other = await runCli([...base, '--warmup-min-ms', '20', '--resume', minOut], dir);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/--warmup-min-ms: the file has 10, this command has 20/);
    const none = await runCli([...base, '--resume', minOut], dir);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/--warmup-min-ms: the file has 10, this command has 0/);
    expect(readFileSync(minOut, 'utf8')).toBe(before);
    const above = await runCli(
      [...base, '-n', '1', '--warmup-min-ms', '30', '--out', join(dir, 'x.json')],
      dir,
    );
    expect(above.code).toBe(2);
    expect(above.stderr).toMatch(
      /One\.spin: the warm-up minimum 30 ms \(--warmup-min-ms\) is above the warm-up cap 20 ms \(--warmup-ms\)/,
    );
  }, 60_000);
});

describe('a suite’s own sampling (real forks)', () => {
  const suite = (warmupMs: number) => `import { defineSuite } from '@tombstone-lab/bench';
export default defineSuite({ name: 'Own', sampling: { warmupMs: ${warmupMs}, sampleMs: 15 },
  benchmarks: { spin: () => { let t = 0; for (let i = 0; i < 100; i++) t += i; return t; } } });
`;
  const dir = tempProject({ 'own.bench.ts': suite(5) });
  const out = join(dir, 'own.json');

  it('applies where the command line is silent, records it per benchmark, and refuses a resume after it changed', async () => {
    const first = await runCli(
      ['aa', 'own.bench.ts', '--no-typecheck', '-n', '1', '--warmup-ms', '20', '--out', out],
      dir,
    );
    expect([0, 1]).toContain(first.code);
    const run = JSON.parse(readFileSync(out, 'utf8')) as RunRecord;
    // --warmup-ms was given, so only the suite's sampleMs applies.
    expect(run.measurement).toMatchObject({ sampleMs: 100, warmupMaxMs: 20 });
    expect(run.benchmarks[0]?.sampling).toEqual({ sampleMs: 15, warmupMaxMs: 20 });
    const before = readFileSync(out, 'utf8');
    writeFileSync(join(dir, 'own.bench.ts'), suite(5).replace('sampleMs: 15', 'sampleMs: 30'));
    const changed = await runCli(
      ['aa', 'own.bench.ts', '--no-typecheck', '--warmup-ms', '20', '--resume', out],
      dir,
    );
    expect(changed.code).toBe(2);
    expect(changed.stderr).toMatch(
      /Own\.spin sampling: the file has sampleMs 15, warmupMs 20, this command has sampleMs 30, warmupMs 20/,
    );
    expect(readFileSync(out, 'utf8')).toBe(before);
  }, 60_000);
});
