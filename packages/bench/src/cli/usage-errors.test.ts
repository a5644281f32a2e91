import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateRunOptions } from '../plan/run-options.js';
import { runCli, tempProject } from '../test-helpers.js';
import { closestOption } from './argv-errors.js';
import { parseCli } from './cli-options.js';

/** Runs a command that must be refused: exit 2, one line naming the problem, nothing created in the project. */
async function refused(argv: string[]): Promise<string> {
  const dir = tempProject({});
  const r = await runCli(argv, dir);
  expect(r.code, argv.join(' ')).toBe(2);
  const lines = r.stderr.trimEnd().split('\n');
  expect(lines, r.stderr).toHaveLength(1);
  expect(readdirSync(dir)).toEqual([]);
  return lines[0]!.replace(/^tombstone-bench: /, '');
}

describe('a command line parseArgs refuses is one line naming the bad token', () => {
  it.each([
    // Node's own text was three lines ("argument is ambiguous. Did you forget … To specify an option argument …").
    [
      ['compare', '--baseline', '-x'],
      '--baseline needs a value, got the option -x (write --baseline=-x if that is the value)',
    ],
    [
      ['compare', '--baseline', '--json'],
      '--baseline needs a value, got the option --json (write --baseline=--json if that is the value)',
    ],
    [['run', '--out'], '--out needs a value'],
    [['run', '--alpah', '0.1'], 'unknown option --alpah (did you mean --alpha?)'],
    [['run', '--thresold', '0.1'], 'unknown option --thresold (did you mean --threshold?)'],
    [['run', '--bogus'], 'unknown option --bogus'],
    [['run', '-q'], 'unknown option -q'],
    [['run', '--fixed-n=yes'], '--fixed-n is a switch and takes no value (got "yes")'],
  ])('%j', async (argv, message) => {
    expect(await refused(argv)).toBe(message);
  });

  it('suggests only a close name', () => {
    expect(closestOption('alpah', ['alpha', 'threshold'])).toBe('alpha');
    expect(closestOption('base', ['baseline', 'candidate'])).toBe('baseline');
    expect(closestOption('zebra', ['alpha', 'threshold'])).toBeUndefined();
  });
});

describe('an option that takes one value, given twice, is refused (the last one silently won)', () => {
  it.each([
    [
      ['run', '--out', 'a.json', '--out', 'b.json'],
      '--out is given 2 times ("a.json", "b.json"); give it once',
    ],
    [['run', '-n', '5', '-n', '10'], '-n is given 2 times ("5", "10"); give it once'],
    [['run', '-n', '5', '--n=10'], '-n is given 2 times ("5", "10"); give it once'],
    [
      ['report', 'r.json', '--metric', 'nsPerOp', '--metric=cpuNsPerOp'],
      '--metric is given 2 times ("nsPerOp", "cpuNsPerOp"); give it once',
    ],
    [['run', '--alpha', '-0.1', '--alpha', '0.1'], '--alpha is given 2 times ("-0.1", "0.1"); give it once'],
    [['run', '--force', '--force'], '--force is given 2 times (--force, --force); give it once'],
  ])('%j', async (argv, message) => {
    expect(await refused(argv)).toBe(message);
  });

  it('the options meant to repeat still collect every value', () => {
    const { values } = parseCli([
      '--param',
      'size=10',
      '--param',
      'kind=a',
      '--from',
      'd1',
      '--from',
      'd2',
      '--install-cmd',
      'pnpm i',
      '--install-cmd',
      'npm ci',
      '--build-cmd',
      'a',
      '--build-cmd',
      'b',
    ]);
    expect(values.param).toEqual(['size=10', 'kind=a']);
    expect(values.from).toEqual(['d1', 'd2']);
    expect(values['install-cmd']).toEqual(['pnpm i', 'npm ci']);
    expect(values['build-cmd']).toEqual(['a', 'b']);
  });
});

describe('a refused path is named as typed, relative to the working directory, in one line', () => {
  it.each([
    [['run', '--out', 'out'], '--out out is a directory; give a file path such as out/run.json'],
    [['run', '--events', 'out'], '--events out is a directory; give a file path such as out/events.ndjson'],
    // A parent that is a file: the probe's clean-up threw ENOTDIR, a stack instead of this line.
    [
      ['run', '--out', 'package.json/r.json'],
      '--out package.json/r.json cannot be written: it (or a parent) is a file, not a directory',
    ],
    [['report', 'nope.json'], 'cannot read results file nope.json: it does not exist'],
    [['compare-files', 'out/a.json', 'out/b.json'], 'cannot read results file out/a.json: it does not exist'],
    [['run', '--resume', 'out'], '--resume out is a directory; give a file path such as out/run.json'],
    [['calibrate', '--from', 'nope'], '--from: cannot read directory nope: it does not exist'],
  ])('%j', async (argv, message) => {
    const dir = tempProject({ 'out/keep': '', 'package.json': '{}' });
    const r = await runCli(argv, dir);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toBe(`tombstone-bench: ${message}\n`);
    expect(readdirSync(dir).sort()).toEqual(['out', 'package.json']);
    expect(readdirSync(join(dir, 'out'))).toEqual(['keep']);
  });
});

describe('a valid number outside its range says "out of range" and the range', () => {
  it.each([
    [['run', '--alpha', '2'], '--alpha "2" is out of range (> 0 and <= 0.5)'],
    [['run', '--alpha', '0'], '--alpha "0" is out of range (> 0 and <= 0.5)'],
    [['run', '--threshold', '11'], '--threshold "11" is out of range (>= 0 and <= 10)'],
    [['run', '--sample-ms', '0'], '--sample-ms "0" is out of range (>= 1 and <= 60000)'],
    [['run', '--warmup-ms', '600001'], '--warmup-ms "600001" is out of range (>= 0 and <= 600000)'],
    [['run', '--timeout-ms', '99'], '--timeout-ms "99" is out of range (>= 100)'],
    [['run', '--look-every', '51'], '--look-every "51" is out of range (>= 1 and <= 50)'],
    [
      ['run', '-n', '0'],
      '-n "0" is out of range for a sequential run (>= 1 and <= 50); --fixed-n takes up to 1000',
    ],
    [
      ['run', '-n', '51'],
      '-n "51" is out of range for a sequential run (>= 1 and <= 50); --fixed-n takes up to 1000',
    ],
    [['run', '--fixed-n', '-n', '1001'], '-n "1001" is out of range for a --fixed-n run (>= 1 and <= 1000)'],
    [['aa', '--slowdown', '11'], '--slowdown "11" is out of range (>= 0 and <= 10)'],
    [['calibrate', '--rounds', '0'], '--rounds "0" is out of range (>= 1 and <= 1000)'],
    [
      ['calibrate', '--slowdown-rounds', '1001'],
      '--slowdown-rounds "1001" is out of range (>= 0 and <= 1000)',
    ],
    [['calibrate', '--slowdowns', '0.1,11'], '--slowdowns "0.1,11": "11" is out of range (> 0 and <= 10)'],
    [['calibrate', '--detect-n', '1'], '--detect-n "1": "1" is out of range (>= 2 and <= 1000)'],
    [['list', '--timeout-ms', '99'], '--timeout-ms "99" is out of range (>= 100)'],
    // Not a number at all is a different message.
    [['run', '--alpha', 'abc'], '--alpha "abc" is not a plain decimal number (> 0 and <= 0.5)'],
    [['run', '-n', '2.5'], '-n "2.5" is not a plain decimal integer for a sequential run (>= 1 and <= 50)'],
  ])('%j', async (argv, message) => {
    expect(await refused(argv)).toBe(message);
  });
});

describe("-n's range is the one that refuses", () => {
  it.each([false, true])(
    'fixed-n %s: the stated maximum passes, one more is refused by the engine too',
    async (fixedN) => {
      const design = fixedN ? ['--fixed-n'] : [];
      const stated = await refused(['run', ...design, '-n', '0']);
      const max = Number(/<= (\d+)\)/.exec(stated)?.[1]);
      expect(max).toBe(fixedN ? 1000 : 50);
      // At the maximum the options pass (what stops the run is the empty project)…
      const dir = tempProject({});
      const atMax = await runCli(['run', ...design, '-n', String(max)], dir);
      expect(atMax.stderr).toMatch(/no bench files/);
      expect(() => validateRunOptions({ mode: 'run', fixedN, samplesPerSide: max })).not.toThrow();
      // …and one more is refused with the same range by the command line and by the engine.
      expect(await refused(['run', ...design, '-n', String(max + 1)])).toContain(`(>= 1 and <= ${max})`);
      expect(() => validateRunOptions({ mode: 'run', fixedN, samplesPerSide: max + 1 })).toThrow(
        `(>= 1 and <= ${max})`,
      );
    },
  );
});

describe('a run refused after its output checks creates nothing', () => {
  it.each([
    [['run']],
    [['run', '--out', 'a/b/r.json']],
    [['run', '--events', 'e/events.ndjson', '--out', 'o/r.json']],
  ])('%j in a project without bench files', async (argv) => {
    const dir = tempProject({});
    const r = await runCli(argv, dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no bench files/);
    // It used to leave an empty `.tombstone-bench/` (or `a/b/`) behind; the events file records the refusal.
    expect(readdirSync(dir).filter((f) => f !== 'e')).toEqual([]);
  });
});
