import { describe, expect, it } from 'vitest';
import { parseSettings, RefError, runnerArgs, SettingsError, validateRef } from './runner-args.js';

const settings = parseSettings({});

describe('settings', () => {
  it('has the runner defaults and validates each value', () => {
    expect(settings).toEqual({
      sampling: 'sequential',
      samplesPerSide: null,
      warmupMs: null,
      sampleMs: null,
      metric: 'cpuNsPerOp',
      threshold: 0.02,
      alpha: 0.05,
    });
    expect(() => parseSettings({ samplesPerSide: 0 })).toThrow(
      'tombstoneBench.samplesPerSide is 0: expected an integer from 1 to 1000',
    );
    expect(() => parseSettings({ metric: 'instructionsPerOp' })).toThrow(SettingsError);
    expect(() => parseSettings({ sampling: 'fixedN' })).toThrow(
      'tombstoneBench.sampling is "fixedN": expected sequential, fixed',
    );
    expect(() => parseSettings({ alpha: 1 })).toThrow('tombstoneBench.alpha is 1');
    expect(() => parseSettings({ threshold: '0.02' })).toThrow('tombstoneBench.threshold is "0.02"');
    expect(() => parseSettings({ warmupMs: 1.5 })).toThrow('tombstoneBench.warmupMs is 1.5');
  });
});

describe('git refs', () => {
  it('accepts refs and revision expressions', () => {
    for (const ref of ['main', 'origin/main', 'v1.0.0', 'HEAD~3', 'abc1234', 'main@{upstream}'])
      expect(validateRef(ref)).toBe(ref);
  });
  it('refuses options, whitespace and control characters, naming the ref', () => {
    expect(() => validateRef('--output=/etc/passwd')).toThrow(
      'git ref "--output=/etc/passwd" starts with "-"',
    );
    expect(() => validateRef('main; rm -rf /')).toThrow(RefError);
    expect(() => validateRef('a\nb')).toThrow('whitespace or a control character');
    expect(() => validateRef('')).toThrow('is empty');
  });
});

describe('runnerArgs', () => {
  it('builds one argv element per value, never a shell string', () => {
    const args = runnerArgs(
      { kind: 'revision', baseline: 'main', files: ['/ws/a b.bench.ts'], filter: '^S\\.x(?:\\[|$)' },
      { ...settings, samplesPerSide: 10, warmupMs: 500 },
      { output: '/ws/.tombstone-bench/r.json', events: '/tmp/e/events.ndjson' },
    );
    expect(args).toEqual([
      'compare',
      '--baseline=main',
      '--filter=^S\\.x(?:\\[|$)',
      '--events=/tmp/e/events.ndjson',
      '--out=/ws/.tombstone-bench/r.json',
      '-n',
      '10',
      '--metric=cpuNsPerOp',
      '--alpha=0.05',
      '--threshold=0.02',
      '--warmup-ms=500',
      '/ws/a b.bench.ts',
    ]);
  });
  it('leaves -n to the runner unless set, and passes --fixed-n for fixed sampling', () => {
    const files = ['/ws/a.bench.ts'];
    const out = { output: '/r.json', events: '/e' };
    const seq = runnerArgs({ kind: 'factor', files }, settings, out);
    expect(seq).not.toContain('-n');
    expect(seq).not.toContain('--fixed-n');
    const fixed = runnerArgs(
      { kind: 'factor', files },
      { ...settings, sampling: 'fixed', samplesPerSide: 7 },
      out,
    );
    expect(fixed.slice(3, 6)).toEqual(['--fixed-n', '-n', '7']);
  });
  it('resumes into the same file', () => {
    const args = runnerArgs({ kind: 'factor', files: ['/ws/a.bench.ts'] }, settings, {
      output: '/ws/r.json',
      events: '/tmp/e/events.ndjson',
      resume: true,
    });
    expect(args.slice(0, 3)).toEqual(['run', '--events=/tmp/e/events.ndjson', '--resume=/ws/r.json']);
    expect(() =>
      runnerArgs({ kind: 'factor', files: ['a.bench.ts'] }, settings, { output: '/r.json', events: '/e' }),
    ).toThrow('must be absolute');
    expect(() =>
      runnerArgs({ kind: 'revision', baseline: '-x', files: [] }, settings, {
        output: '/r.json',
        events: '/e',
      }),
    ).toThrow(RefError);
  });
  it('calibrates with `calibrate` on the chosen file, into a directory of its own', () => {
    const args = runnerArgs({ kind: 'calibrate', files: ['/ws/a.bench.mjs'] }, settings, {
      output: '/ws/.tombstone-bench/c',
      events: '/tmp/e/events.ndjson',
    });
    expect(args.slice(0, 5)).toEqual([
      'calibrate',
      '--events=/tmp/e/events.ndjson',
      '--out=/ws/.tombstone-bench/c',
      '--rounds=3',
      '--slowdown-rounds=1',
    ]);
    expect(args.at(-1)).toBe('/ws/a.bench.mjs');
  });
});
