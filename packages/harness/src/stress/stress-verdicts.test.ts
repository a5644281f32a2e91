import { parseRunReport } from '@tombstone-lab/bench/protocol';
import { describe, expect, it } from 'vitest';
import type { StressComparison } from './stress-compare.js';
import type { KindSummary, StressSummary } from './stress-summary.js';
import { DEFAULT_COMPARE_ROUNDS, judgeStress, renderStressVerdicts } from './stress-verdicts.js';

/** One process's summary: op rate and p99 as given, CPU per op from the rate. */
function summary(opRate: number, p99Ms: number): StressSummary {
  const total: KindSummary = {
    kind: 'total',
    opRate,
    partitionRate: opRate,
    rowRate: opRate,
    latencyMeanMs: 1,
    latencyMedianMs: 1,
    latencyP95Ms: 2,
    latencyP99Ms: p99Ms,
    latencyP999Ms: 4,
    latencyMaxMs: 5,
    totalOps: 10_000,
    totalPartitions: 10_000,
    totalErrors: 0,
  };
  return {
    label: {},
    elapsedSec: 1,
    targetRate: null,
    interrupted: false,
    kinds: [total],
    gcCount: 1,
    gcTimeMs: 1,
    cpuPerMillionOps: 1e6 / opRate,
  };
}

/** `rounds` interleaved pairs: After runs at `speedup` × Before's op rate, p99 the same on both sides. */
function comparison(rounds: number, speedup: number): StressComparison {
  const runs = Array.from({ length: rounds }, (_, round) => {
    const jitter = 1 + ((round * 7) % 5) / 100;
    return [
      { side: 'before' as const, config: 'eager', round, summary: summary(1000 * jitter, 3 * jitter) },
      {
        side: 'after' as const,
        config: 'persistent',
        round,
        summary: summary(1000 * speedup * jitter, 3 * jitter),
      },
    ];
  }).flat();
  const s = summary(1000, 3);
  return { configs: ['eager', 'persistent'], rounds, aa: false, runs, before: s, after: s };
}

describe('stress --compare verdicts (bench statistics)', () => {
  it('judges each metric with bench: a 30% faster After is Won on time and CPU, an equal p99 is not a change', () => {
    const analysis = judgeStress(comparison(DEFAULT_COMPARE_ROUNDS, 1.3), '2026-12-02T00:00:00.000Z');
    const outcome = (key: string) => analysis.verdicts.find((v) => v.key === `stress.${key}`)?.outcome;
    expect(outcome('time per op (1 / op rate)')).toBe('Won');
    expect(outcome('CPU per op')).toBe('Won');
    expect(outcome('latency p99')).not.toBe('Won');
    expect(outcome('latency p99')).not.toBe('Lost');
    const text = renderStressVerdicts(analysis);
    expect(text).toMatch(
      /^time per op \(1 \/ op rate\) +985 µs +758 µs +-23\.1% +0\.769× \[0\.754, 0\.785\] +0\.00649 +Won +all passed$/m,
    );
    expect(text).not.toContain('note:');
    // What `stress --compare --json` prints as `analysis` is bench's RunReport, valid against bench's own schema.
    const wire = JSON.parse(JSON.stringify(analysis));
    expect(parseRunReport(wire)).toEqual(wire);
  });

  it('an Inconclusive whose interval is open says so beside it and what would resolve it, never "all passed"', () => {
    // p99 equal in the medians but ±15% from process to process: the statistics alone read Unchanged, the interval
    // reaches far past ±2%, so bench says Inconclusive with every check passed.
    const c = comparison(DEFAULT_COMPARE_ROUNDS, 1.3);
    const spread = { before: [1, 1.15, 0.85, 1.1, 0.9, 1.05], after: [1.05, 0.9, 1.1, 0.85, 1.15, 1] };
    const runs = c.runs.map((r) => ({
      ...r,
      summary: {
        ...r.summary,
        kinds: r.summary.kinds.map((k) => ({ ...k, latencyP99Ms: 3 * spread[r.side][r.round]! })),
      },
    }));
    const analysis = judgeStress({ ...c, runs }, '2026-12-02T00:00:00.000Z');
    const p99 = analysis.verdicts.find((v) => v.key === 'stress.latency p99');
    expect(p99?.outcome).toBe('Inconclusive');
    expect(p99?.checks.every((check) => check.passed)).toBe(true);
    const text = renderStressVerdicts(analysis);
    const row = text.split('\n').find((l) => l.startsWith('latency p99'));
    expect(row).toMatch(/Inconclusive +passed; interval open$/);
    expect(row).not.toContain('all passed');
    expect(text).toMatch(
      /^latency p99: Inconclusive — its interval \[[-+\d.]+%, \+[\d.]+%\] reaches past ±2%, so Unchanged is not shown; about \d+ rounds per side \(--rounds \d+\) would resolve it$/m,
    );
  });

  it('says when too few rounds can never reach alpha, rather than reporting a change', () => {
    const analysis = judgeStress(comparison(2, 1.3), '2026-12-02T00:00:00.000Z');
    expect(analysis.verdicts.every((v) => v.outcome !== 'Won' && v.outcome !== 'Lost')).toBe(true);
    expect(renderStressVerdicts(analysis)).toMatch(
      /note: 2 rounds per side cannot reach alpha 0\.05 .*use --rounds 6/,
    );
  });
});
