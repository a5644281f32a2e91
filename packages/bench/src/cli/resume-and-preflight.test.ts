import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAST, runCli, tempProject } from '../test-helpers.js';

const suite = (name: string, factor: string) => `import { defineSuite } from '@tombstone-lab/bench';
export default defineSuite({
  name: '${name}',
  params: { size: [10, 20] },
  compare: { factor: '${factor}', baseline: 'a', candidate: 'b' },
  setup: (p) => ({ n: p.size }),
  benchmarks: { f: (s) => s.n * 2 },
});
`;
const PLAIN = `import { defineSuite } from '@tombstone-lab/bench';
export default defineSuite({ name: 'Two', params: { size: [10, 20] }, setup: (p) => ({ n: p.size }), benchmarks: { f: (s) => s.n * 2 } });
`;

/** The words bash splits `line` into (printed with printf, never run): what a user's paste would pass. */
function bashWords(line: string, cwd: string): string[] {
  return execFileSync('bash', ['-c', `printf '%s\\0' ${line}`], { cwd, encoding: 'utf8' })
    .split('\0')
    .slice(0, -1);
}

/** Runs the CLI with `--json` and aborts it once `when` has seen the event it waits for. */
async function interrupted(args: string[], dir: string, when: (event: { type: string }) => boolean) {
  const controller = new AbortController();
  return runCli(
    [...args, '--json'],
    dir,
    (text) => {
      for (const line of text.split('\n').filter(Boolean))
        if (when(JSON.parse(line) as { type: string })) controller.abort();
    },
    controller.signal,
  );
}

describe('--resume in a project with several suites', () => {
  it('the hint after Ctrl-C is a command that works, and `run --resume FILE` alone continues the same files', async () => {
    // Two suites comparing different factors: `run` with no file arguments refuses to mix them.
    const dir = tempProject({
      'int.bench.mjs': suite('Int', 'impl'),
      'str.bench.mjs': suite('Str', 'codec'),
    });
    const cut = await interrupted(
      ['run', 'int.bench.mjs', '-n', '2', '--out', 'out/int.json', ...FAST],
      dir,
      (e) => e.type === 'sample-finished',
    );
    expect(cut.code).toBe(130);
    expect(cut.stderr).toContain(
      'interrupted: results so far in out/int.json; continue with: tombstone-bench run int.bench.mjs -n 2',
    );
    const hint = /continue with: (.*)$/m.exec(cut.stderr)?.[1] as string;
    expect(hint).toMatch(/ --resume out\/int\.json$/);
    expect(hint).not.toMatch(/--out/);
    // The walkthrough's own form: no file arguments (every suite in the project would be found).
    const again = await runCli(['run', '--resume', 'out/int.json', ...FAST], dir);
    expect(again.stderr).not.toMatch(/different factors|tombstone-bench:/);
    expect(again.stdout).toContain('Int.f[size=20]');
    expect(again.stdout).not.toContain('Str.f');
  }, 90_000);

  it('a path with a space or a quote: the printed commands paste into bash as they are', async () => {
    const dir = tempProject({ "my suites/int's.bench.mjs": suite('Int', 'impl') });
    const cut = await interrupted(
      ['run', "my suites/int's.bench.mjs", '-n', '2', '--out', 'my out/int.json', ...FAST],
      dir,
      (e) => e.type === 'sample-finished',
    );
    expect(cut.code).toBe(130);
    const hint = /continue with: (.*)$/m.exec(cut.stderr)?.[1] as string;
    const argv = bashWords(hint, dir);
    expect(argv.slice(0, 2)).toEqual(['tombstone-bench', 'run']);
    expect(argv.slice(-2)).toEqual(['--resume', 'my out/int.json']);
    const again = await runCli(argv.slice(1), dir);
    expect(again.stderr).not.toMatch(/tombstone-bench:/);
    expect(again.stdout).toContain('Int.f[size=20]');
    // The refusals that name a way on quote it too.
    const twice = await runCli(['run', '--out', 'my out/int.json', ...FAST], dir);
    expect(twice.code).toBe(2);
    const resumeHint = /continue that run with (.*), or pass --force/.exec(twice.stderr)?.[1] as string;
    expect(bashWords(resumeHint, dir)).toEqual(['--resume', 'my out/int.json']);
    const missing = await runCli(['run', '--resume', 'my out/nope.json', ...FAST], dir);
    const startHint = /\(start one with (.*)\)$/m.exec(missing.stderr)?.[1] as string;
    expect(bashWords(startHint, dir)).toEqual(['--out', 'my out/nope.json']);
  }, 90_000);

  it('a missing resume file says so (it used to be "suites compare different factors")', async () => {
    const dir = tempProject({
      'int.bench.mjs': suite('Int', 'impl'),
      'str.bench.mjs': suite('Str', 'codec'),
    });
    const r = await runCli(['run', '--resume', 'out/nope.json', ...FAST], dir);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(
      'tombstone-bench: --resume out/nope.json: no such results file, so there is no run to continue (start one with --out out/nope.json)',
    );
  });
});

describe('checked before the first fork', () => {
  it('--growth nope: exit 2 naming it, nothing measured, no results file', async () => {
    const dir = tempProject({ 'two.bench.mjs': PLAIN });
    const r = await runCli(
      ['run', 'two.bench.mjs', '-n', '3', '--growth', 'nope', '--out', 'r.json', '--json', ...FAST],
      dir,
    );
    expect(r.code).toBe(2);
    // The option the user typed, not the statistics' own argument name (it read `param: no benchmark …`).
    expect(r.stderr.trim()).toBe(
      'tombstone-bench: --growth: no benchmark has a numeric parameter named "nope"; the benchmarks have size',
    );
    expect(r.stdout).not.toMatch(/sample-finished/);
    expect(existsSync(join(dir, 'r.json'))).toBe(false);
  }, 60_000);

  it('--factorial nope in a run, and --growth nope in `report` of a saved run: each names its option', async () => {
    const dir = tempProject({ 'two.bench.mjs': PLAIN });
    const r = await runCli(
      ['run', 'two.bench.mjs', '-n', '3', '--factorial', 'nope', '--out', 'r.json', ...FAST],
      dir,
    );
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(
      'tombstone-bench: --factorial: no benchmark has a parameter named "nope"; the benchmarks have size',
    );
    expect(existsSync(join(dir, 'r.json'))).toBe(false);
    const saved = await runCli(
      ['run', 'two.bench.mjs', '-n', '2', '--fixed-n', '--out', 'r.json', ...FAST],
      dir,
    );
    expect(saved.code).not.toBe(2);
    const report = await runCli(['report', 'r.json', '--growth', 'nope'], dir);
    expect(report.code).toBe(2);
    expect(report.stdout).toBe('');
    expect(report.stderr.trim()).toBe(
      'tombstone-bench: --growth: no benchmark has a numeric parameter named "nope"; the benchmarks have size',
    );
  }, 60_000);
});

describe('calibrate --from after Ctrl-C in round 1', () => {
  it('uses the complete benchmarks of the interrupted aa-1.json', async () => {
    const dir = tempProject({ 'two.bench.mjs': PLAIN });
    const cut = await interrupted(
      [
        'calibrate',
        'two.bench.mjs',
        '--rounds',
        '2',
        '--slowdown-rounds',
        '0',
        '-n',
        '2',
        '--out',
        'cal',
        ...FAST,
      ],
      dir,
      (e) => e.type === 'benchmark-finished',
    );
    expect(cut.code).toBe(130);
    expect(readdirSync(join(dir, 'cal'))).toEqual(['aa-1.json']);
    expect(cut.stderr).toContain(
      'interrupted: runs so far in cal; summarise them with: tombstone-bench calibrate --from cal',
    );
    const r = await runCli(['calibrate', '--from', 'cal'], dir);
    expect(r.stderr).toMatch(
      /note: aa-1\.json was interrupted: 1 of 2 benchmarks have all 2 forks per side or were decided and are used/,
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/A\/A \(same code both sides\): 1 runs, 1 comparisons/);
  }, 90_000);

  it('cut before any benchmark is complete, the hint starts again with --force (a --from hint would be refused)', async () => {
    const dir = tempProject({ 'two.bench.mjs': PLAIN });
    const args = [
      'calibrate',
      'two.bench.mjs',
      '--rounds',
      '1',
      '--slowdown-rounds',
      '0',
      '-n',
      '3',
      '--out',
      'my cal',
    ];
    const cut = await interrupted([...args, ...FAST], dir, (e) => e.type === 'sample-finished');
    expect(cut.code).toBe(130);
    expect(cut.stderr).toContain(
      'nothing to summarise yet; start again with: tombstone-bench calibrate two.bench.mjs',
    );
    const hint = /start again with: (.*)$/m.exec(cut.stderr)?.[1] as string;
    expect(bashWords(hint, dir)).toEqual(['tombstone-bench', ...args, ...FAST, '--json', '--force']);
    expect((await runCli(['calibrate', '--from', 'my cal'], dir)).code).toBe(2);
  }, 90_000);
});
