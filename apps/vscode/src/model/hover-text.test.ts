import { verdictReasonText } from '@tombstone-lab/bench/protocol';
import { describe, expect, it } from 'vitest';
import { outcomeCounts } from './case-text.js';
import { caseHover, warmupWarning } from './hover-text.js';
import {
  around,
  doneCase,
  interleaved,
  noisy,
  paired,
  record,
  sample,
  unresolvedCase,
} from './test-fixtures.js';
import { testDescription, testVerdict } from './test-state.js';

describe('caseHover', () => {
  it('reads Inconclusive when the interval does not show Held, with what would resolve it under the reason', () => {
    const c = unresolvedCase('S.guard', 'guardrail', { limits: { correction: 'holm', confidence: 0.95 } });
    const lines = caseHover(c).split('\n');
    expect(lines[0]).toBe('**S.guard** — Inconclusive (guardrail) · impl: eager → cow · 14:03');
    // The runner's one wording of it (unresolvedText), first in the reason, at the hover's precision.
    expect(lines[4]).toBe(
      'its interval [-2%, +2.04%] reaches past +2%, so Held is not shown; about 11 samples per side (-n 11) would ' +
        'resolve it (the statistics alone read Held: p 1 ≥ 0.05, 0% within ±2%)',
    );
    expect(lines.join('\n')).not.toContain('†');
    const tight = caseHover(doneCase(record('S.t', interleaved(around(100), around(100.1)), 'guardrail')));
    expect(tight).toContain('— Held (guardrail)');
    expect(tight).not.toContain('is not shown');
  });

  it('names the design: one side per fork with the fallback reason, or paired forks with the signed-rank test', () => {
    const forks = doneCase(record('S.f', interleaved(around(100), around(150))));
    expect(caseHover(forks)).toContain('Design: one side per fork (Mann-Whitney test)');
    expect(caseHover(forks)).toMatch(/Mann-Whitney U = \d+, exact p = /);
    const fellBack = {
      ...forks,
      design: { kind: 'forks' as const, reason: 'the two sides cannot load in one process' },
    };
    expect(caseHover(fellBack)).toContain(
      'Design: one side per fork (Mann-Whitney test) — fell back: the two sides cannot load in one process',
    );
    const p = doneCase(record('S.p', paired(around(100), around(150))));
    expect(p.verdict?.stats).toMatchObject({ design: 'paired' });
    const md = caseHover(p);
    expect(md).toContain(
      "Design: paired forks — both sides measured in every fork (signed-rank test over the forks' log ratios)",
    );
    expect(md).toMatch(/Signed-rank W\+ = \d+, exact p = 0\.00195/);
    expect(md).toMatch(/Δ \(the forks' HL ratio\) \*\*\+50\.\d%\*\*/);
    expect(md).not.toContain('Mann-Whitney');
  });

  it('prints p to 3 significant digits and Δ% to at most 3 in the reason (not 0.444444 or +27.4635%)', () => {
    const c = doneCase(
      record(
        'S.n',
        interleaved(
          noisy(),
          noisy().map((x) => x * 1.274635),
        ),
      ),
    );
    // The runner's own digits, as its CLI prints them…
    expect(verdictReasonText(c.verdict!)).toMatch(/p \d\.\d{5,}|[+-]\d+\.\d{3,}%/);
    // …and the hover's.
    const reason = caseHover(c).split('\n')[4]!;
    expect(reason).toBe('regression: p 1.08e-05 < 0.05, +27.5% beyond ±2%');
  });

  it('shows both medians, the HL ratio with its interval, n, checks, allocation and the command', () => {
    const c = doneCase(record('S.copy', interleaved(around(3362.5), around(9.02))));
    const md = caseHover(c);
    expect(md).toContain('**S.copy** — Won (primary) · impl: eager → cow · 14:03');
    // Both medians in one unit, written once.
    expect(md).toMatch(/\| median \(µs\) \| 3\.3\d+ \| 0\.009\d+ \|/);
    expect(md).toContain('| n | 10 | 10 |');
    expect(md).toMatch(
      /Δ median \*\*−99\.7%\*\* · HL ratio \*\*0\.0026\d\*\* \[0\.0026\d, 0\.0026\d\] at 9\d(\.\d+)?%/,
    );
    expect(md).toContain('exact p = 1.08e-05');
    expect(md).toContain("across the run's benchmarks p(Holm) = 1.08e-05 (the verdict's p)");
    expect(md).toContain('- ✓ `pairing` — 10 interleaved pairs');
    expect(md).toContain('64 B/op · 1 GCs (0.5 ms) per fork');
    expect(md).toContain('tombstone-bench run --json /ws/x.bench.ts');
    expect(md).not.toContain('Warm-up');
  });

  it('says where a sequential run decided the case, with the sequential p', () => {
    const c = doneCase(record('S.copy', interleaved(around(3362.5), around(9.02))));
    const looks = [{ n: 5, u: 25, p: 0.0079, boundary: 0.0159, deltaPercent: -99.7, pSequential: 0.0079 }];
    const verdict = c.verdict && {
      ...c.verdict,
      sequential: {
        decidedAt: 5,
        maxN: 20,
        decision: 'difference' as const,
        pSequential: 0.0079,
        looks: looks.map((l) => ({ ...l, decision: 'difference' as const })),
      },
    };
    expect(caseHover({ ...c, verdict })).toContain(
      'Decided at n = 5 of 20 (a difference) · sequential p = 0.0079',
    );
    expect(caseHover(c)).not.toContain('Decided at');
  });

  it('says why a futility stop ended the case: no difference reachable, with the predictive power', () => {
    const c = doneCase(record('S.same', interleaved(around(100), around(101))));
    const look = { n: 10, u: 48, p: 0.85, boundary: 0.0015, deltaPercent: 1, pSequential: null };
    const verdict = c.verdict && {
      ...c.verdict,
      sequential: {
        decidedAt: 10,
        maxN: 20,
        decision: 'futility' as const,
        pSequential: 1,
        looks: [{ ...look, decision: 'futility' as const, predictivePower: 0.004 }],
      },
    };
    expect(caseHover({ ...c, verdict })).toContain(
      'Stopped at n = 10 of 20: no difference reachable (predictive power 0.4%) · sequential p = 1',
    );
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
      message: expect.stringMatching(
        /^\+100\.0% Lost · impl: eager → cow · 14:03\n\n\*\*S\.b\*\*: `.* Lost`\n\nregression/,
      ),
    });
    expect(testVerdict(lost, false)).toEqual({ state: 'passed' });
    expect(testDescription(won)).toBe('−50.0% Won · impl: eager → cow · 14:03');
    expect(testDescription(doneCase(record('S.c', interleaved(around(100), around(100.1)))))).toBe(
      '~ Unchanged · impl: eager → cow · 14:03',
    );
  });
  it('skips an Inconclusive case (a check failed) and counts it in the status bar', () => {
    const samples = [...interleaved(around(100), around(50)), sample('baseline', 20, 100)];
    const c = doneCase(record('S.a', samples));
    expect(c.verdict?.outcome).toBe('Inconclusive');
    expect(testVerdict(c, true)).toMatchObject({ state: 'skipped' });
    expect(outcomeCounts([c])).toBe('1 Inconclusive');
  });
  it('errors a case whose forks crashed, as Invalid, with the same line as the lens', () => {
    const r = record('S.a', []);
    r.failures.push({
      seq: 0,
      side: 'baseline',
      kind: 'timeout',
      message: 'fork exceeded 60000 ms',
      logTail: '',
    });
    const crashed = doneCase(r, { verdict: null });
    expect(testVerdict(crashed, true)).toMatchObject({
      state: 'errored',
      message: expect.stringContaining('`Invalid: forks failed (timeout: fork exceeded 60000 ms)`'),
    });
    expect(outcomeCounts([crashed])).toBe('1 Invalid');
    // A cancelled case is skipped: no icon of an earlier run stays on it.
    expect(testVerdict(doneCase(r, { status: 'cancelled', done: 3, total: 20 }), true)).toMatchObject({
      state: 'skipped',
    });
    expect(testVerdict(doneCase(r, { status: 'running' }), true)).toBeNull();
    expect(testDescription(doneCase(r, { status: 'running', done: 3, total: 20 }))).toBe('measuring 3/20');
  });
});
