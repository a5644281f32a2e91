import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../errors.js';
import { expandCpuList } from '../fork/pinning.js';
import { seededRandom, seedFrom } from '../measure/rng.js';
import { equivalentArgv } from '../plan/equivalent-command.js';
import { type PlannedCase, resolveSampling } from '../plan/planned-case.js';
import { validateRunOptions } from '../plan/run-options.js';
import type { SuiteSampling } from '../suite/define.js';
import { runCli, tempProject } from '../test-helpers.js';
import { parseSlowdowns } from './calibrate-command.js';
import { analysisOptions, numberOption, parseCli } from './cli-options.js';
import { formatDuration } from './progress.js';
import { runOptionsFromCli } from './run-command.js';

describe('seeded order', () => {
  it('is reproducible from the seed and flips both ways', () => {
    const a = seededRandom(seedFrom('run-1'));
    const b = seededRandom(seedFrom('run-1'));
    const xs = Array.from({ length: 64 }, () => a());
    expect(xs).toEqual(Array.from({ length: 64 }, () => b()));
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    const heads = xs.filter((x) => x < 0.5).length;
    expect(heads).toBeGreaterThan(16);
    expect(heads).toBeLessThan(48);
    expect(seedFrom('run-1')).not.toBe(seedFrom('run-2'));
  });
});

describe('helpers', () => {
  it('expands CPU lists', () => {
    expect(expandCpuList('0-2,5')).toEqual([0, 1, 2, 5]);
    expect(expandCpuList('1')).toEqual([1]);
  });
  it('formats durations', () => {
    expect(formatDuration(4_400)).toBe('4s');
    expect(formatDuration(75_000)).toBe('1m15s');
    expect(formatDuration(3_900_000)).toBe('1h05m');
  });
});

describe('analysis options', () => {
  const defaults = { alpha: 0.05, threshold: 0.02, metric: 'nsPerOp' } as const;
  const options = (...argv: string[]) => analysisOptions(parseCli(argv).values, defaults);

  it('falls back to the defaults and passes growth/factorial through only when given', () => {
    expect(options()).toEqual({ overrides: { ...defaults, correction: 'holm' } });
    expect(
      options(
        '--alpha',
        '0.01',
        '--threshold',
        '0',
        '--metric',
        'bytesPerOp',
        '--growth',
        'size',
        '--no-holm',
      ),
    ).toEqual({
      overrides: { alpha: 0.01, threshold: 0, metric: 'bytesPerOp', correction: 'none' },
      growth: 'size',
    });
  });

  it('rejects an unknown metric and an out-of-range alpha, naming the value', () => {
    expect(() => options('--metric', 'furlongs')).toThrow(UsageError);
    expect(() => options('--metric', 'furlongs')).toThrow(/unknown --metric "furlongs" \(nsPerOp, /);
    expect(() => options('--alpha', '0.9')).toThrow(/--alpha "0.9" is out of range \(> 0 and <= 0.5\)/);
  });

  it('numbers are plain decimal text: exponents only where a fraction is meant, never hex or Infinity', () => {
    expect(options('--alpha', '1e-3').overrides.alpha).toBe(0.001);
    for (const bad of ['0x1', 'Infinity', ' 0.05', '', '5%'])
      expect(() => options('--alpha', bad)).toThrow(/--alpha ".*" is not a plain decimal number/);
    // A negative value after an option is its value (Node's parseArgs would call it an ambiguous option).
    expect(() => options('--threshold', '-0.5')).toThrow(/--threshold "-0.5" is out of range \(>= 0/);
  });

  it('every integer option of every command takes plain decimal digits only, through one parser', () => {
    const values = (...argv: string[]) => parseCli(argv).values;
    expect(numberOption(values('-n', '12'), 'n', 10, { min: 1, integer: true })).toBe(12);
    for (const [name, raw] of [
      ['n', '1e1'],
      ['n', '+4'],
      ['n', '4.0'],
      ['rounds', '1e1'],
      ['slowdown-rounds', '-3'],
    ] as const) {
      const flag = name === 'n' ? '-n' : `--${name}`;
      expect(() => numberOption(values(flag, raw), name, 1, { min: 1, integer: true })).toThrow(
        new RegExp(`^${flag} "${raw.replace('+', '\\+')}" is not a plain decimal integer \\(>= 1\\)$`),
      );
    }
    expect(() => parseSlowdowns('0.1,1e-1,0x1')).toThrow(
      /--slowdowns "0.1,1e-1,0x1": "0x1" is not a plain decimal number/,
    );
    expect(parseSlowdowns('0.1, 5e-2')).toEqual([0.1, 0.05]);
  });
});

describe('resolveSampling', () => {
  const run = { sampleMs: 100, warmupMaxMs: 150, warmupMinMs: 0, allocation: true };
  const planned = (sampling?: SuiteSampling) =>
    ({ bench: { key: 'S.b' }, ...(sampling ? { sampling } : {}) }) as unknown as PlannedCase;
  const none = { sampleMs: false, warmupMaxMs: false, warmupMinMs: false };

  it('gives a case the suite’s values where the command line is silent', () => {
    const [c] = resolveSampling([planned({ warmupMs: 1500 })], run, none);
    expect(c?.sample).toEqual({ sampleMs: 100, warmupMaxMs: 1500, warmupMinMs: 0, allocation: true });
    const [m] = resolveSampling([planned({ warmupMs: 1500, warmupMinMs: 1000 })], run, none);
    expect(m?.sample).toEqual({ sampleMs: 100, warmupMaxMs: 1500, warmupMinMs: 1000, allocation: true });
  });

  it('lets an explicit flag win, and keeps no settings of its own when they equal the run’s', () => {
    const [c] = resolveSampling([planned({ warmupMs: 1500 })], run, { ...none, warmupMaxMs: true });
    expect(c?.sample).toBeUndefined();
    const [d] = resolveSampling([planned({ warmupMs: 1500, sampleMs: 300 })], run, {
      ...none,
      warmupMaxMs: true,
    });
    expect(d?.sample).toEqual({ sampleMs: 300, warmupMaxMs: 150, warmupMinMs: 0, allocation: true });
    expect(resolveSampling([planned()], run, none)[0]?.sample).toBeUndefined();
    // --warmup-min-ms 0 wins over the suite's minimum.
    const [e] = resolveSampling([planned({ warmupMinMs: 100 })], run, { ...none, warmupMinMs: true });
    expect(e?.sample).toBeUndefined();
  });

  it('refuses a warm-up minimum above the cap, naming both values and where each came from', () => {
    expect(() => resolveSampling([planned({ warmupMinMs: 200 })], run, none)).toThrow(UsageError);
    expect(() => resolveSampling([planned({ warmupMinMs: 200 })], run, none)).toThrow(
      "S.b: the warm-up minimum 200 ms (its suite's sampling.warmupMinMs) is above the warm-up cap 150 ms " +
        '(the default; set --warmup-ms or sampling.warmupMs)',
    );
    const cli = { ...run, warmupMinMs: 1500 };
    expect(() => resolveSampling([planned({ warmupMs: 1000 })], cli, { ...none, warmupMinMs: true })).toThrow(
      /minimum 1500 ms \(--warmup-min-ms\) is above the warm-up cap 1000 ms \(its suite's sampling\.warmupMs\)/,
    );
    expect(() =>
      resolveSampling([planned({ warmupMs: 1000, warmupMinMs: 500 })], run, { ...none, warmupMaxMs: true }),
    ).toThrow(
      /minimum 500 ms \(its suite's sampling\.warmupMinMs\) is above the warm-up cap 150 ms \(--warmup-ms\)/,
    );
    // Equal is allowed.
    expect(resolveSampling([planned({ warmupMinMs: 150 })], run, none)[0]?.sample?.warmupMinMs).toBe(150);
  });
});

describe('--version', () => {
  it('prints the package version and exits 0', async () => {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    for (const flag of ['--version', '-v', 'version']) {
      const r = await runCli([flag], process.cwd());
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(`${version}\n`);
    }
  });
});

describe('sequential flags', () => {
  it('rejects an unknown --spending, a zero --look-every and sequential flags with --fixed-n: one line, exit 2', async () => {
    const dir = tempProject({});
    for (const [argv, message] of [
      [['--spending', 'nope'], /unknown --spending "nope" \(pocock, obrien-fleming\)/],
      [['--look-every', '0'], /--look-every "0" is out of range \(>= 1/],
      [['--fixed-n', '--look-every', '5'], /--look-every is for sequential runs; --fixed-n takes every fork/],
      [['--fixed-n', '--no-futility'], /--no-futility is for sequential runs; --fixed-n takes every fork/],
      [['--no-futility=yes'], /--no-futility/],
      [
        ['-n', '60'],
        /-n "60" is out of range for a sequential run \(>= 1 and <= 50\); --fixed-n takes up to 1000/,
      ],
    ] as const) {
      const r = await runCli(['run', ...argv], dir);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});

describe('--warmup-min-ms', () => {
  const io = { stdout: () => {}, stderr: () => {}, cwd: '/w', isTTY: false };
  const options = (command: 'run' | 'aa' | 'compare', ...argv: string[]) => {
    const { values, positionals } = parseCli(argv);
    return runOptionsFromCli(command, values, positionals, io, argv);
  };

  it('parses into warmupMinMs for run, aa and compare, and the equivalent command repeats it', () => {
    expect(options('run', '--warmup-min-ms', '1500', '--warmup-ms', '2000')).toMatchObject({
      warmupMinMs: 1500,
      warmupMs: 2000,
    });
    expect(options('aa', '--warmup-min-ms', '0').warmupMinMs).toBe(0);
    expect(options('compare', '--baseline', 'HEAD', '--warmup-min-ms=20').warmupMinMs).toBe(20);
    expect(options('run').warmupMinMs).toBeUndefined();
    const argv = equivalentArgv(validateRunOptions({ mode: 'run', warmupMs: 2000, warmupMinMs: 1500 }));
    expect(argv.join(' ')).toBe('tombstone-bench run --warmup-ms 2000 --warmup-min-ms 1500');
  });

  it('a bad value is a usage error naming it, from the command line and from code', async () => {
    const dir = tempProject({ 'package.json': '{}' });
    for (const [argv, message] of [
      [['run', '--warmup-min-ms', '-1'], '--warmup-min-ms "-1" is out of range (>= 0 and <= 600000)'],
      [
        ['calibrate', '--warmup-min-ms', 'soon'],
        '--warmup-min-ms "soon" is not a plain decimal number (>= 0 and <= 600000)',
      ],
      [['report', 'x.json', '--warmup-min-ms', '5'], 'report does not take --warmup-min-ms'],
    ] as const) {
      const r = await runCli([...argv], dir);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr).toContain(message);
    }
    expect(() => validateRunOptions({ mode: 'run', warmupMinMs: 700_000 })).toThrow(UsageError);
    expect(() => validateRunOptions({ mode: 'run', warmupMinMs: 700_000 })).toThrow(
      'warmupMinMs 700000 is out of range (>= 0 and <= 600000)',
    );
    expect(() => validateRunOptions({ mode: 'run', warmupMinMs: '5' })).toThrow(/option warmupMinMs/);
  });
});
