import { describe, expect, it } from 'vitest';
import type { Side } from '../model.js';
import { checkPairing, DEFAULT_CHECK_CONFIG } from './checks.js';
import { orderEffect } from './order-effect.js';
import { makePairedRecord } from './test-fixtures.js';

const config = { ...DEFAULT_CHECK_CONFIG, metric: 'cpuNsPerOp' as const, alpha: 0.05 };

/** Deterministic noise in [−0.02, +0.02]. */
const noise = (i: number) => (((i * 7919) % 101) / 100 - 0.5) * 0.04;

/** 16 A/A forks; `firstBias` slows whichever side went first, `leadBias` whichever side led the block. */
function forks(firstBias: number, leadBias: number) {
  return Array.from({ length: 16 }, (_, i) => {
    const first: Side = i % 3 === 0 || i % 5 === 0 ? 'baseline' : 'candidate';
    const leads: Side[] = Array.from({ length: 8 }, (_, k) =>
      (k * 5 + i) % 3 === 0 ? 'baseline' : 'candidate',
    );
    const value = (side: Side, k: number) =>
      100 *
      (1 + noise(i * 97 + k * 13 + (side === 'baseline' ? 0 : 7))) *
      (first === side ? 1 + firstBias : 1) *
      (leads[k] === side ? 1 + leadBias : 1);
    return {
      first,
      leads,
      baseline: leads.map((_, k) => value('baseline', k)),
      candidate: leads.map((_, k) => value('candidate', k)),
    };
  });
}

describe('the order effect of paired forks', () => {
  it('A/A with no order effect: both order tests read noise, the pairing check passes', () => {
    const record = makePairedRecord({ forks: forks(0, 0) });
    const e = orderEffect(record, 'cpuNsPerOp')!;
    expect(e.baselineFirst + e.candidateFirst).toBe(16);
    expect(e.firstSideP!).toBeGreaterThan(0.01);
    expect(e.leadP!).toBeGreaterThan(0.01);
    expect(checkPairing(record, config).passed).toBe(true);
  });

  it('catches a planted first-one-wins bias (the side loaded first 8% slower), and fails the pairing check', () => {
    const record = makePairedRecord({ forks: forks(0.08, 0) });
    const e = orderEffect(record, 'cpuNsPerOp')!;
    expect(e.firstSideP!).toBeLessThan(0.01);
    const check = checkPairing(record, config);
    expect(check.passed).toBe(false);
    expect(check.findings.find((f) => f.quantity === 'first_side_p')?.passed).toBe(false);
  });

  it('finds a planted block-lead effect (the leading side 3% slower) and reports it', () => {
    const record = makePairedRecord({ forks: forks(0, 0.03) });
    const e = orderEffect(record, 'cpuNsPerOp')!;
    expect(e.leadP!).toBeLessThan(0.01);
    // The leading side slower: baseline-led blocks read the candidate faster (c ÷ b below 1), candidate-led ones slower.
    expect(e.leadEffect!).toBeLessThan(0);
    // Reported, not a failure: a randomized lead spreads the ratios without biasing them.
    const finding = checkPairing(record, config).findings.find((f) => f.quantity === 'block_lead_p');
    expect(finding).toMatchObject({ passed: true, limit: null });
  });
});
