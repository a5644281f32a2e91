import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeRunAtomic } from '../results/results-store.js';
import { makeRecord, makeRun } from '../stats/test-fixtures.js';
import { runCli, tempProject } from '../test-helpers.js';

// One benchmark clearly Lost, one marginal (raw p 0.0122: Lost alone; Holm ranks it 2nd of 8, ×7 = 0.0854), six unchanged.
const base = [100, 104, 99, 103, 98, 102, 100.5, 97, 101.5, 99.5];
const rotated = [...base.slice(3), ...base.slice(0, 3)];
const run = makeRun([
  makeRecord({ benchmark: 'lost', baseline: base, candidate: base.map((x) => x * 1.5) }),
  makeRecord({ benchmark: 'marginal', baseline: base, candidate: rotated.map((x) => x * 1.03) }),
  ...Array.from({ length: 6 }, (_, i) =>
    makeRecord({ benchmark: `same${i}`, baseline: base, candidate: [...base].reverse() }),
  ),
]);
const dir = tempProject({});
const file = join(dir, 'results.json');
writeRunAtomic(file, run);

const row = (stdout: string, name: string) =>
  stdout.split('\n').find((l) => l.startsWith(`RangeTombstoneListBench.${name} `)) ?? '';

describe('tombstone-bench report', () => {
  it('exits 0 for a run with a Lost unless --fail-on-lost', async () => {
    const plain = await runCli(['report', file, '--format', 'markdown'], dir);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain('| Lost |');
    const gated = await runCli(['report', file, '--fail-on-lost'], dir);
    expect(gated.code).toBe(1);
  });

  it('--fail-on-lost on a run whose n cannot reach alpha is a usage error: one line, before any report', async () => {
    const small = join(dir, 'small.json');
    writeRunAtomic(
      small,
      makeRun([makeRecord({ benchmark: 'tiny', baseline: [1, 2, 3], candidate: [9, 9.5, 10] })]),
    );
    const plain = await runCli(['report', small], dir);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain('gate: fail\nwarning: n=3 per side cannot reach alpha 0.05');
    const gated = await runCli(['report', small, '--fail-on-lost'], dir);
    expect(gated.code).toBe(2);
    expect(gated.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^tombstone-bench: --fail-on-lost: n=3 per side cannot reach alpha 0\.05 \(smallest achievable p 0\.1\): .* use -n 4 or more \(without --fail-on-lost, report prints the run\)$/,
      ),
    ]);
    // It printed the whole report, then refused (a stranger's trial).
    expect(gated.stdout).toBe('');
  });

  it('refuses options that only other commands take, instead of ignoring them', async () => {
    const n = await runCli(['report', file, '-n', '1e1'], dir);
    expect(n.code).toBe(2);
    expect(n.stderr).toMatch(/report does not take -n; its options: --format --svg --fail-on-lost/);
    const json = await runCli(['report', file, '--json'], dir);
    expect(json.stderr).toMatch(/report does not take --json \(for JSON use --format json\)/);
    expect(json.stdout).toBe('');
    const list = await runCli(['list', '--baseline', 'HEAD'], dir);
    expect(list.stderr).toMatch(/list does not take --baseline/);
    const files = await runCli(['compare-files', file, file, '--fail-on-lost'], dir);
    expect(files.stderr).toMatch(/compare-files does not take --fail-on-lost/);
  });

  it('applies Holm by default, shows the raw p beside it, and --no-holm turns it off', async () => {
    const holm = await runCli(['report', file], dir);
    expect(holm.stdout).toMatch(/Benchmark .* p {2}p \(Holm\)\n/);
    // Unchanged under Holm, but its interval does not show it within ±2% (raw p 0.0122): Inconclusive.
    expect(row(holm.stdout, 'marginal')).toMatch(/Inconclusive\s+10\s+0\.0122\s+0\.0854$/);
    const off = await runCli(['report', file, '--no-holm'], dir);
    expect(off.stdout).not.toContain('p (Holm)');
    expect(row(off.stdout, 'marginal')).toMatch(/Lost\s+10\s+0\.0122$/);
  });

  it('rejects a value given to a boolean flag', async () => {
    const bad = await runCli(['report', file, '--no-holm=yes'], dir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/no-holm/);
  });
});

describe('conflicting analyses', () => {
  it('--growth and --factorial over the same parameter: usage error naming it, exit 2 (run: before any work)', async () => {
    const r = await runCli(['report', file, '--growth', 'size', '--factorial', 'size'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/parameter "size" cannot be both the growth axis and the factorial factor/);
    const bench = tempProject({
      'a.bench.ts': `import { defineSuite } from '@tombstone-lab/bench';
export default defineSuite({ name: 'A', setup: () => 1, benchmarks: { f: (s) => s + 1 } });
`,
    });
    const run = await runCli(
      ['run', 'a.bench.ts', '-n', '3', '--growth', 'size', '--factorial', 'size', '--no-typecheck'],
      bench,
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/parameter "size" cannot be both/);
    expect(run.stdout).not.toContain('A.f');
  });
});
