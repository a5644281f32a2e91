import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FAST, runCli, tempProject } from '../test-helpers.js';

const SUITE = `import { defineSuite } from '@tombstone-lab/bench';
export default defineSuite({ name: 'Tiny', setup: () => ({ n: 3 }), benchmarks: { f: (s) => s.n * 2 } });
`;

/** The shortest calibration of the tiny suite: one round of two forks, no slowdown rounds. */
const TINY_CALIBRATE = [
  'calibrate',
  'tiny.bench.mjs',
  '--rounds',
  '1',
  '--slowdown-rounds',
  '0',
  '-n',
  '2',
  ...FAST,
];

/** One line on stderr, exit 2, and the project holds only what it held before. */
function expectRefused(r: { code: number; stderr: string }, dir: string, before: string[], pattern: RegExp) {
  expect(r.code).toBe(2);
  expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(pattern)]);
  expect(r.stderr).not.toMatch(/\n\s+at /);
  expect(readdirSync(dir).sort()).toEqual(before);
}

describe('--events: like --out, and never over another output', () => {
  it('creates missing parent directories (the walkthrough writes out/events.ndjson with no mkdir)', async () => {
    const dir = tempProject({ 'tiny.bench.mjs': SUITE });
    const r = await runCli(
      [
        'run',
        'tiny.bench.mjs',
        '-n',
        '1',
        '--events',
        'out/deep/events.ndjson',
        '--out',
        'out/r.json',
        ...FAST,
      ],
      dir,
    );
    expect(r.stderr).not.toMatch(/ENOENT|\n\s+at /);
    const lines = readFileSync(join(dir, 'out/deep/events.ndjson'), 'utf8').trim().split('\n');
    expect(JSON.parse(lines.at(-1) as string).type).toBe('run-finished');
  }, 60_000);

  it.each([
    [
      'a directory',
      ['--events', 'sub'],
      /^tombstone-bench: --events .*sub is a directory; give a file path such as .*sub\/events\.ndjson$/,
    ],
    [
      'under /proc',
      ['--events', '/proc/nope/e'],
      /^tombstone-bench: --events \/proc\/nope\/e cannot be written/,
    ],
    ['the --out file', ['--events', 'r.json', '--out', 'r.json'], /--events r\.json is also the --out file/],
    [
      'the --resume file',
      ['--events', './r.json', '--resume', 'r.json'],
      /--events \.\/r\.json is also the --resume file/,
    ],
  ])('refuses %s in one line, exit 2, nothing created', async (_what, args, pattern) => {
    const dir = tempProject({ 'tiny.bench.mjs': SUITE });
    mkdirSync(join(dir, 'sub'));
    const before = readdirSync(dir).sort();
    const r = await runCli(['run', 'tiny.bench.mjs', '-n', '1', ...args, ...FAST], dir);
    expectRefused(r, dir, before, pattern);
  });
});

describe('--events over an existing file: never appended to or replaced silently', () => {
  const run = (dir: string, ...args: string[]) =>
    runCli(['run', 'tiny.bench.mjs', '-n', '1', '--fixed-n', '--events', 'e.ndjson', ...args, ...FAST], dir);
  const runStarts = (dir: string) =>
    readFileSync(join(dir, 'e.ndjson'), 'utf8')
      .trim()
      .split('\n')
      .filter((line) => (JSON.parse(line) as { type: string }).type === 'run-started').length;

  it('refuses it in one line (exit 2, file untouched); --force replaces it, --resume continues it', async () => {
    const dir = tempProject({ 'tiny.bench.mjs': SUITE });
    await run(dir, '--out', 'r.json');
    const saved = readFileSync(join(dir, 'e.ndjson'), 'utf8');
    expect(runStarts(dir)).toBe(1);
    const before = readdirSync(dir).sort();
    const again = await run(dir, '--out', 'r2.json');
    expectRefused(
      again,
      dir,
      before,
      /^tombstone-bench: --events e\.ndjson already exists; pass --force to replace it/,
    );
    expect(readFileSync(join(dir, 'e.ndjson'), 'utf8')).toBe(saved);
    await run(dir, '--out', 'r2.json', '--force');
    expect(runStarts(dir)).toBe(1);
    const resumed = await runCli(
      [
        'run',
        'tiny.bench.mjs',
        '-n',
        '2',
        '--fixed-n',
        '--events',
        'e.ndjson',
        '--resume',
        'r2.json',
        ...FAST,
      ],
      dir,
    );
    expect(resumed.stderr).not.toMatch(/already exists/);
    expect(runStarts(dir)).toBe(2);
  }, 120_000);

  it('a results file named as --events is refused, not corrupted with appended events', async () => {
    const dir = tempProject({ 'tiny.bench.mjs': SUITE, 'r.json': '{"kept": true}' });
    const before = readdirSync(dir).sort();
    const r = await runCli(['run', 'tiny.bench.mjs', '-n', '1', '--events', 'r.json', ...FAST], dir);
    expectRefused(r, dir, before, /^tombstone-bench: --events r\.json already exists/);
    expect(readFileSync(join(dir, 'r.json'), 'utf8')).toBe('{"kept": true}');
  });
});

describe('an earlier results file is never silently replaced', () => {
  it('run --out over an existing file: refused (exit 2, file untouched); --resume continues it, --force replaces it', async () => {
    const dir = tempProject({ 'tiny.bench.mjs': SUITE });
    const first = await runCli(['run', 'tiny.bench.mjs', '-n', '2', '--out', 'out/r.json', ...FAST], dir);
    expect(first.stderr).not.toMatch(/error/i);
    const saved = readFileSync(join(dir, 'out/r.json'), 'utf8');
    const again = await runCli(['run', 'tiny.bench.mjs', '-n', '1', '--out', 'out/r.json', ...FAST], dir);
    expect(again.code).toBe(2);
    expect(again.stderr.trim()).toBe(
      'tombstone-bench: --out out/r.json already exists; continue that run with --resume out/r.json, or pass --force to replace it',
    );
    expect(readFileSync(join(dir, 'out/r.json'), 'utf8')).toBe(saved);
    const forced = await runCli(
      ['run', 'tiny.bench.mjs', '-n', '1', '--out', 'out/r.json', '--force', ...FAST],
      dir,
    );
    expect(forced.stderr).not.toMatch(/already exists/);
    const replaced = JSON.parse(readFileSync(join(dir, 'out/r.json'), 'utf8')) as {
      config: { samplesPerSide: number };
    };
    expect(replaced.config.samplesPerSide).toBe(1);
  }, 90_000);

  it('--out onto a file that is not a results file (package.json, the bench file) is refused, no --resume offered', async () => {
    const dir = tempProject({ 'tiny.bench.mjs': SUITE, 'package.json': '{}' });
    const before = readdirSync(dir).sort();
    for (const file of ['package.json', 'tiny.bench.mjs']) {
      const r = await runCli(['run', 'tiny.bench.mjs', '-n', '1', '--out', file, ...FAST], dir);
      expectRefused(
        r,
        dir,
        before,
        new RegExp(
          `^tombstone-bench: --out ${file.replace('.', '\\.')} already exists and is not a results file; give --out a new file name$`,
        ),
      );
    }
    expect(readFileSync(join(dir, 'package.json'), 'utf8')).toBe('{}');
    expect(readFileSync(join(dir, 'tiny.bench.mjs'), 'utf8')).toBe(SUITE);
  });

  it('calibrate --out over an earlier calibration: refused; --force starts it afresh (no old run mixed in)', async () => {
    const dir = tempProject({ 'tiny.bench.mjs': SUITE });
    mkdirSync(join(dir, 'cal'));
    writeFileSync(join(dir, 'cal', 'slowdown-0.3-1.json'), '{"old": true}');
    const cal = TINY_CALIBRATE;
    const r = await runCli([...cal, '--out', 'cal'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toMatch(
      /^tombstone-bench: calibrate --out cal already holds a calibration \(slowdown-0\.3-1\.json\); summarise it with --from cal, or pass --force to replace it$/,
    );
    expect(readdirSync(join(dir, 'cal'))).toEqual(['slowdown-0.3-1.json']);
    const forced = await runCli([...cal, '--out', 'cal', '--force'], dir);
    expect(forced.stderr).not.toMatch(/already holds/);
    expect(readdirSync(join(dir, 'cal')).sort()).toEqual(['aa-1.json', 'calibration.json']);
    expect(existsSync(join(dir, 'cal', 'slowdown-0.3-1.json'))).toBe(false);
  }, 90_000);

  it('calibrate takes no --resume (it used to be accepted and ignored)', async () => {
    const dir = tempProject({ 'tiny.bench.mjs': SUITE });
    const r = await runCli(['calibrate', 'tiny.bench.mjs', '--resume', 'x.json', ...FAST], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/calibrate does not take --resume/);
  });
});

describe('two runs started in the same second never share a default output', () => {
  // The clock is fixed so both runs name the same default file (only Date is faked: forks and timeouts run as usual).
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-02T15:11:15.000Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('run: the second takes results-<time>-2.json and says so; both runs keep all their samples', async () => {
    const dir = tempProject({ 'tiny.bench.mjs': SUITE });
    const args = ['run', 'tiny.bench.mjs', '-n', '2', ...FAST];
    const [a, b] = await Promise.all([runCli(args, dir), runCli(args, dir)]);
    expect([a.code, b.code]).toEqual([0, 0]);
    const files = readdirSync(join(dir, '.tombstone-bench')).sort();
    expect(files).toEqual(['results-20261202-151115-2.json', 'results-20261202-151115.json']);
    const printed = [a.stderr, b.stderr].map((s) => /results-[\d-]+\.json/.exec(s)?.[0]).sort();
    expect(printed).toEqual(files);
    const runs = files.map(
      (f) =>
        JSON.parse(readFileSync(join(dir, '.tombstone-bench', f), 'utf8')) as {
          runId: string;
          benchmarks: { samples: unknown[] }[];
        },
    );
    expect(new Set(runs.map((r) => r.runId)).size).toBe(2);
    for (const r of runs) expect(r.benchmarks.flatMap((x) => x.samples)).toHaveLength(4);
  }, 90_000);

  it('calibrate: the second takes calibration-<time>-2 instead of writing into the first one', async () => {
    const dir = tempProject({ 'tiny.bench.mjs': SUITE });
    const cal = TINY_CALIBRATE;
    const [a, b] = await Promise.all([runCli(cal, dir), runCli(cal, dir)]);
    expect([a.code, b.code]).toEqual([0, 0]);
    const dirs = readdirSync(join(dir, '.tombstone-bench')).sort();
    expect(dirs).toEqual(['calibration-20261202-151115', 'calibration-20261202-151115-2']);
    for (const d of dirs)
      expect(readdirSync(join(dir, '.tombstone-bench', d)).sort()).toEqual(['aa-1.json', 'calibration.json']);
  }, 90_000);
});

describe('--out and --resume naming two files', () => {
  it('is refused (exit 2, naming both), the resumed file untouched and no second file written', async () => {
    const dir = tempProject({ 'tiny.bench.mjs': SUITE });
    const first = await runCli(['run', 'tiny.bench.mjs', '-n', '1', '--out', 't.json', ...FAST], dir);
    expect(first.code).toBe(0);
    const saved = readFileSync(join(dir, 't.json'), 'utf8');
    const before = readdirSync(dir).sort();
    const r = await runCli(
      ['run', 'tiny.bench.mjs', '-n', '2', '--out', 'a.json', '--resume', 't.json', ...FAST],
      dir,
    );
    expectRefused(
      r,
      dir,
      before,
      /^tombstone-bench: --out a\.json and --resume t\.json name two files: --resume continues its file in place; drop --out$/,
    );
    expect(readFileSync(join(dir, 't.json'), 'utf8')).toBe(saved);
  }, 60_000);
});
