import { describe, expect, it } from 'vitest';
import { statusSummary } from './case-text.js';
import { caseHover, warmupWarning } from './hover-text.js';
import { around, doneCase, interleaved, record, sample } from './test-fixtures.js';
import { testDescription, testVerdict } from './test-state.js';

describe('caseHover', () => {
  it('shows both medians, the HL ratio with its interval, n, checks, allocation and the command', () => {
    const c = doneCase(record('S.copy', interleaved(around(3362.5), around(9.02))));
    const md = caseHover(c);
    expect(md).toContain('**S.copy** — Won (primary)');
    expect(md).toMatch(/\| median ns\/op \| 33\d\d\.\d\d \| 9\.0\d{4} \|/);
    expect(md).toContain('| n | 10 | 10 |');
    expect(md).toMatch(
      /Δ median \*\*−99\.7%\*\* · HL ratio \*\*0\.0026\d\*\* \[0\.0026\d, 0\.0026\d\] at 9\d(\.\d+)?%/,
    );
    expect(md).toContain('exact p = 1.08e-5');
    expect(md).toContain('- ✓ `pairing` — 10 interleaved pairs');
    expect(md).toContain('64.0 B/op · 1.00 GCs (0.5 ms) per fork');
    expect(md).toContain('tombstone-bench run --json /ws/x.bench.ts');
    expect(md).not.toContain('Warm-up');
  });

  it('lists a failing check with its reason and the warm-up warning', () => {
    const samples = interleaved(around(100), around(50)).map((s, i) =>
      i === 0 ? sample(s.side, s.seq, s.nsPerOp, { warmupStable: false }) : s,
    );
    samples.push(sample('baseline', 20, 100));
    const md = caseHover(doneCase(record('S.x', samples)));
    expect(md).toContain('- ✗ `pairing` — unequal samples: baseline n=11, candidate n=10');
    expect(md).toContain('⚠ Warm-up: 1 of 21 forks (baseline 1, candidate 0) hit the warm-up cap');
    expect(warmupWarning(samples.slice(1))).toBeNull();
  });
});

describe('test state', () => {
  it('passes Won and fails Lost only when the setting says so', () => {
    const won = doneCase(record('S.a', interleaved(around(100), around(50))));
    const lost = doneCase(record('S.b', interleaved(around(50), around(100))));
    expect(testVerdict(won, true)).toEqual({ state: 'passed' });
    expect(testVerdict(lost, true)).toMatchObject({
      state: 'failed',
      message: expect.stringContaining('**S.b** Lost: regression'),
    });
    expect(testVerdict(lost, false)).toEqual({ state: 'passed' });
    expect(testDescription(won)).toBe('−50.0% Won');
    expect(testDescription(doneCase(record('S.c', interleaved(around(100), around(100.1)))))).toBe(
      '~ Unchanged',
    );
  });
  it('skips an Inconclusive case (a check failed) and counts it in the status bar', () => {
    const samples = [...interleaved(around(100), around(50)), sample('baseline', 20, 100)];
    const c = doneCase(record('S.a', samples));
    expect(c.verdict?.outcome).toBe('Inconclusive');
    expect(testVerdict(c, true)).toMatchObject({ state: 'skipped' });
    expect(statusSummary([c])).toBe('bench: 0 Won · 0 Held · 0 Lost · 1 Inconclusive');
  });
  it('errors a case without statistics and waits for unfinished ones', () => {
    const r = record('S.a', []);
    r.failures.push({
      seq: 0,
      side: 'baseline',
      kind: 'timeout',
      message: 'fork exceeded 60000 ms',
      logTail: '',
    });
    expect(testVerdict(doneCase(r), true)).toMatchObject({
      state: 'errored',
      message: expect.stringContaining('fork exceeded'),
    });
    expect(testVerdict(doneCase(r, { status: 'running' }), true)).toBeNull();
    expect(testDescription(doneCase(r, { status: 'running', done: 3, total: 20 }))).toBe('measuring 3/20');
  });
});
