import { describe, expect, it } from 'vitest';
import { FAST, runCli, tempProject } from '../test-helpers.js';

// Two benchmarks: under Holm, -n 4 cannot reach alpha 0.05 (2 · 2/C(8,4) = 0.057).
const TWO = `import { defineSuite } from '@tombstone-lab/bench';
export default defineSuite({ name: 'Two', params: { size: [1000, 2000] }, setup: (p) => ({ n: p.size }),
  benchmarks: { f: (s) => { let t = 0; for (let i = 0; i < s.n; i++) t += i * i; return t; } } });
`;

describe('a run that cannot reach alpha says so and fails the gate', () => {
  it('aa --slowdown 0.5 -n 4 with two benchmarks: Inconclusive (not Unchanged), sample_sufficiency ✗, exit 1', async () => {
    const dir = tempProject({ 'two.bench.mjs': TWO });
    const r = await runCli(
      ['aa', 'two.bench.mjs', '--slowdown', '0.5', '-n', '4', '--out', 'r.json', ...FAST],
      dir,
    );
    expect(r.stderr).toMatch(/warning: -n 4 cannot reach alpha 0\.05 with Holm across 2 benchmarks/);
    expect(r.stdout).toMatch(/^Two\.f\[size=1000\] .* Inconclusive /m);
    expect(r.stdout).toMatch(/^0 Won, 0 Held, 0 Unchanged, 0 Lost, 2 Inconclusive — gate: fail$/m);
    expect(r.stdout).toMatch(/sample_sufficiency ✗/);
    expect(r.stdout).toMatch(/gate: fail/);
    expect(r.code).toBe(1);
  }, 90_000);

  it('calibrate -n 4 says its power is 0% by design', async () => {
    const dir = tempProject({ 'two.bench.mjs': TWO });
    const r = await runCli(
      [
        'calibrate',
        'two.bench.mjs',
        '--rounds',
        '1',
        '--slowdowns',
        '0.5',
        '-n',
        '4',
        '--out',
        'cal',
        ...FAST,
      ],
      dir,
    );
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(
      /warning: n=4 per side cannot reach alpha 0\.05 with Holm across 2 benchmarks .*so power is 0% by design; use -n 5 or more/,
    );
  }, 90_000);
});
