import { describe, expect, it } from 'vitest';
import {
  caseLine,
  caseShort,
  caseTooltip,
  inlineTexts,
  outcomeCounts,
  outcomeText,
  runSummary,
  runTooltip,
  summaryCounts,
  unresolvedNote,
  verdictReason,
} from './case-text.js';
import { ResultsStore } from './results-store.js';
import { around, doneCase, interleaved, record, summaryWith, unresolvedCase } from './test-fixtures.js';
import { testDescription, testVerdict } from './test-state.js';

// Protocol 10: an Unchanged or Held its interval does not show is the runner's Inconclusive, with
// `basis.unresolved` (the interval, the samples per side that would resolve it). Every surface shows Inconclusive;
// the tooltips, the hover and the Test Explorer message say what would resolve it, in the runner's words.
const held = unresolvedCase('S.guard', 'guardrail');
const unchanged = unresolvedCase('S.main', 'primary');
const shown = doneCase(record('S.tight', interleaved(around(100), around(100.1)), 'guardrail'));
const HELD_NOTE =
  'its interval [-2%, +2.04%] reaches past +2%, so Held is not shown; about 11 samples per side (-n 11) would resolve it';

describe('an Unchanged or Held the interval does not show', () => {
  it('is read from the protocol: Inconclusive with basis.unresolved, a tight interval stays Held', () => {
    expect(held.verdict).toMatchObject({ outcome: 'Inconclusive', basis: { statisticalOutcome: 'Held' } });
    expect(unchanged.verdict).toMatchObject({
      outcome: 'Inconclusive',
      basis: { statisticalOutcome: 'Unchanged' },
    });
    expect(held.verdict?.basis.unresolved).not.toBeNull();
    expect(shown.verdict).toMatchObject({ outcome: 'Held', basis: { unresolved: null } });
  });

  it('reads Inconclusive in the verdict line, the short form, the lens texts and the Test Explorer, never †', () => {
    expect(outcomeText(held)).toBe('Inconclusive');
    expect(outcomeText(unchanged)).toBe('Inconclusive');
    expect(caseLine(held)).toMatch(/ {2}~ {2}p\(Holm\)=1 {2}Inconclusive$/);
    expect(caseShort(unchanged)).toBe('~ Inconclusive');
    expect(inlineTexts([held])).toEqual([caseLine(held)]);
    expect(testDescription(held)).toBe('~ Inconclusive · impl: eager → cow · 14:03');
    expect(testVerdict(held, true)?.state).toBe('skipped');
    for (const text of [caseLine(held), caseShort(held), testDescription(held), caseTooltip(held)])
      expect(text).not.toContain('†');
    expect(outcomeText(shown)).toBe('Held');
    expect(caseLine(shown)).toMatch(/ Held$/);
  });

  it('follows the protocol fields, not the numbers: the same verdict read Held stays Held, without a note', () => {
    const v = held.verdict!;
    const judged = {
      ...held,
      verdict: { ...v, outcome: 'Held' as const, basis: { ...v.basis, unresolved: null } },
    };
    expect(outcomeText(judged)).toBe('Held');
    expect(unresolvedNote(judged)).toBeNull();
    expect(caseTooltip(judged)).toBe('S.guard: open the results');
  });

  it("says what would resolve it in the runner's words, on the lens tooltip and in the Test Explorer message", () => {
    expect(unresolvedNote(held)).toBe(HELD_NOTE);
    expect(unresolvedNote(unchanged)).toMatch(
      /^its interval \[[^\]]+\] reaches past ±2%, so Unchanged is not shown; /,
    );
    expect(caseTooltip(held)).toBe(`S.guard: open the results\n\n${HELD_NOTE}`);
    expect(caseTooltip(shown)).toBe('S.tight: open the results');
    expect(testVerdict(held, true)?.message).toContain(HELD_NOTE);
    // The reason words it first, then what the statistics alone read, at the hover's precision.
    expect(verdictReason(held)).toMatch(
      new RegExp(
        `^${HELD_NOTE.replace(/[[\]()+.]/g, '\\$&')} \\(the statistics alone read Held: p 1 ≥ 0\\.05, `,
      ),
    );
  });

  it('names it once more when a check failed as well (the reason then words only the checks)', () => {
    const v = held.verdict!;
    const failed = {
      ...held,
      verdict: {
        ...v,
        basis: { ...v.basis, failedChecks: [v.checks[0]!.name] },
        checks: [{ ...v.checks[0]!, passed: false }, ...v.checks.slice(1)],
      },
    };
    const reason = verdictReason(failed)!;
    expect(reason).toMatch(/^checks failed: /);
    expect(reason.endsWith(`\n\n${HELD_NOTE}`)).toBe(true);
  });

  it('counts them as Inconclusive, from the cases and from the runner’s summary', () => {
    expect(outcomeCounts([held, unchanged, shown])).toBe('1 Held · 2 Inconclusive');
    expect(summaryCounts(summaryWith({ Held: 3, Lost: 1, Inconclusive: 2 }))).toBe(
      '1 Lost · 3 Held · 2 Inconclusive',
    );
  });

  it('shows the Inconclusive count in the status bar text of a run', () => {
    const store = new ResultsStore();
    const run = store.load({
      cases: [held, shown].map(({ key, role, labels, samples, failures, verdict }) => ({
        key,
        role,
        labels,
        samples,
        failures,
        verdict,
      })),
      limits: { correction: 'holm', confidence: 0.95 },
      summary: summaryWith({ Held: 1, Inconclusive: 1 }),
      resultsFile: '/saved.json',
      command: [],
      label: 'vs main',
      startedAt: new Date(),
      files: [],
    });
    expect(runSummary(run)).toBe('bench vs main: 1 Held · 1 Inconclusive');
    expect(runTooltip(run)).toMatch(
      /: open the results\n\n1 Inconclusive is an Unchanged or Held its interval does not show; hover the benchmark /,
    );
  });
});
