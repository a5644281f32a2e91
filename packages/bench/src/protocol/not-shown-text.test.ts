import { describe, expect, it } from 'vitest';
import { markedOutcome, type NotShownInput, notShownText } from './not-shown-text.js';

/** A verdict's fields the line reads: its outcome, its interval against ±3% (not shown unless said), threshold 3%. */
function verdict(
  outcome: NotShownInput['outcome'],
  interval: [number | null, number | null],
  claimNotShown = true,
): NotShownInput {
  const [lowerPercent, upperPercent] = interval;
  const equivalence = {
    lowerPercent,
    upperPercent,
    halfWidthToThreshold: 1,
    withinThreshold: !claimNotShown,
    belowThreshold: !claimNotShown,
    claimNotShown,
  };
  return { outcome, equivalence, basis: { threshold: 0.03 } };
}

describe('notShownText: the line of one marked verdict', () => {
  it('a Held past +threshold: its one-sided claim, the interval, the threshold and the hint, like the footnote', () => {
    expect(notShownText(verdict('Held', [-0.8, 5.4]), 0.95)).toBe(
      '† Held but not shown below +3%: the 95% Δ CI (HL) [-0.8%, +5.4%] reaches past the threshold; ' +
        'more forks (-n) would narrow it',
    );
  });

  it('an Unchanged: within ±threshold; without a confidence the interval is not given one', () => {
    expect(notShownText(verdict('Unchanged', [-15.6, 18.8]))).toBe(
      '† Unchanged but not shown within ±3%: the Δ CI (HL) [-15.6%, +18.8%] reaches past the threshold; ' +
        'more forks (-n) would narrow it',
    );
  });

  it('an unbounded end prints —; no relative size prints no interval', () => {
    expect(notShownText(verdict('Unchanged', [-20, null]))).toContain('[-20%, —] reaches');
    expect(notShownText(verdict('Unchanged', [null, null]))).toContain('the Δ CI (HL) reaches');
  });

  it('null for a verdict its interval shows, for other outcomes, and without an interval', () => {
    expect(notShownText(verdict('Held', [-1, 2], false))).toBeNull();
    expect(notShownText(verdict('Won', [-20, -10]))).toBeNull();
    expect(notShownText({ outcome: 'Invalid', equivalence: null, basis: { threshold: 0.03 } })).toBeNull();
  });

  it('markedOutcome marks exactly the verdicts whose claim is not shown', () => {
    expect(markedOutcome(verdict('Held', [-0.8, 5.4]))).toBe('Held†');
    expect(markedOutcome(verdict('Held', [-1, 2], false))).toBe('Held');
    expect(markedOutcome({ outcome: 'Invalid', equivalence: null })).toBe('Invalid');
  });
});
