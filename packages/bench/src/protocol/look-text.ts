/**
 * The words of a sequential look's decision: why a benchmark stopped where it did. One wording for the engine's
 * skipped-forks note, every report format and, through `@tombstone-lab/bench/protocol`, the editor's hover.
 */

import type { Look } from './types.js';

/** "predictive power 2%" (one decimal below 1%: "predictive power 0.4%"). */
function powerText(power: number): string {
  const pct = power * 100;
  return `predictive power ${pct < 1 ? Number(pct.toFixed(1)) : Math.round(pct)}%`;
}

/**
 * Why a look ended (or did not end) its benchmark: "a difference", "equivalence", "no difference reachable
 * (predictive power 2%)" for a futility stop, "the maximum", "undecided".
 */
export function lookDecisionText(look: Pick<Look, 'decision' | 'predictivePower'>): string {
  switch (look.decision) {
    case 'difference':
      return 'a difference';
    case 'equivalence':
      return 'equivalence';
    case 'futility':
      return look.predictivePower === undefined
        ? 'no difference reachable'
        : `no difference reachable (${powerText(look.predictivePower)})`;
    case 'final':
      return 'the maximum';
    case 'continue':
      return 'undecided';
  }
}

/**
 * Where and why a benchmark stopped: "decided at n = 6 of 20 (a difference)", or after a futility stop "stopped at
 * n = 10 of 20: no difference reachable (predictive power 2%)" (nothing was decided: the benchmark claims nothing).
 */
export function atLook(look: Pick<Look, 'n' | 'decision' | 'predictivePower'>, maxN: number): string {
  return look.decision === 'futility'
    ? `stopped at n = ${look.n} of ${maxN}: ${lookDecisionText(look)}`
    : `decided at n = ${look.n} of ${maxN} (${lookDecisionText(look)})`;
}
