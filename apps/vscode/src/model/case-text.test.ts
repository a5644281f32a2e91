import { describe, expect, it } from 'vitest';
import {
  caseLine,
  caseShort,
  caseTooltip,
  inlineTexts,
  notShownNote,
  outcomeCounts,
  outcomeText,
  runSummary,
  summaryCounts,
} from './case-text.js';
import { ResultsStore } from './results-store.js';
import { around, doneCase, interleaved, notShownCase, record, summaryWith } from './test-fixtures.js';
import { testDescription } from './test-state.js';

// The runner marks an Unchanged/Held whose 95% HL interval does not show its claim (`equivalence.claimNotShown`):
// every surface that shows the outcome shows `Held†` / `Unchanged†`, and the hover and tooltips say why.
const held = notShownCase('S.guard', 'guardrail');
const unchanged = notShownCase('S.main', 'primary');
const shown = doneCase(record('S.tight', interleaved(around(100), around(100.1)), 'guardrail'));
const NOTE =
  '† Held but not shown below +2%: the Δ CI (HL) [-2%, +2.04%] reaches past the threshold; ' +
  'more forks (-n) would narrow it';

describe('the not-shown mark on a case', () => {
  it('is read from the protocol field: marked cases claim it, a tight interval does not', () => {
    expect(held.verdict?.equivalence?.claimNotShown).toBe(true);
    expect(unchanged.verdict?.equivalence?.claimNotShown).toBe(true);
    expect(shown.verdict?.equivalence?.claimNotShown).toBe(false);
  });

  it('marks the outcome in the verdict line, the short form, the lens texts and the Test Explorer description', () => {
    expect(outcomeText(held)).toBe('Held†');
    expect(outcomeText(unchanged)).toBe('Unchanged†');
    expect(caseLine(held)).toMatch(/ {2}~ {2}p\(Holm\)=1 {2}Held†$/);
    expect(caseShort(unchanged)).toBe('~ Unchanged†');
    expect(inlineTexts([held])).toEqual([caseLine(held)]);
    expect(testDescription(held)).toBe('~ Held† · impl: eager → cow · 14:03');
    // Unmarked when the interval shows the claim.
    expect(outcomeText(shown)).toBe('Held');
    expect(caseLine(shown)).toMatch(/ Held$/);
  });

  it('follows the field, not the numbers: the same verdict without claimNotShown is not marked', () => {
    const v = held.verdict!;
    const cleared = { ...held, verdict: { ...v, equivalence: { ...v.equivalence!, claimNotShown: false } } };
    expect(outcomeText(cleared)).toBe('Held');
    expect(notShownNote(cleared)).toBeNull();
    expect(outcomeText({ ...held, verdict: { ...v, equivalence: null } })).toBe('Held');
  });

  it("says why in the runner's words: the interval, the threshold and that more forks would narrow it", () => {
    expect(notShownNote(held)).toBe(NOTE);
    expect(notShownNote(unchanged)).toMatch(/^† Unchanged but not shown within ±2%: the Δ CI \(HL\) \[/);
    // A saved run's RunReport names the confidence, as the runner's footnote does.
    const saved = notShownCase('S.guard', 'guardrail', { limits: { correction: 'holm', confidence: 0.95 } });
    expect(notShownNote(saved)).toContain('the 95% Δ CI (HL) [-2%, +2.04%]');
    expect(caseTooltip(held)).toBe(`S.guard: open the results\n\n${NOTE}`);
    expect(caseTooltip(shown)).toBe('S.tight: open the results');
  });

  it("counts marked outcomes as the runner's summary line does, with the threshold", () => {
    expect(outcomeCounts([held, unchanged, shown])).toBe(
      '1 Unchanged (1 not shown within ±2%) · 2 Held (1 not shown below +2%)',
    );
    const summary = { ...summaryWith({ Held: 3, Lost: 1 }), claimsNotShown: { Held: 1, Unchanged: 0 } };
    expect(summaryCounts(summary, 0.02)).toBe('1 Lost · 3 Held (1 not shown below +2%)');
    // No threshold known yet (no verdict): the plain counts.
    expect(summaryCounts(summary)).toBe('1 Lost · 3 Held');
  });

  it('shows the not-shown count in the status bar text of a run', () => {
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
      summary: { ...summaryWith({ Held: 2 }), claimsNotShown: { Held: 1, Unchanged: 0 } },
      resultsFile: '/saved.json',
      command: [],
      label: 'vs main',
      startedAt: new Date(),
      files: [],
    });
    expect(runSummary(run)).toBe('bench vs main: 2 Held (1 not shown below +2%)');
  });
});
