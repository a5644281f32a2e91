/**
 * 2×2 factorial analysis (code × configuration), as in the seed-004 table: the four cell medians, the code
 * effect within each configuration column and the configuration effect within each code row, each with the
 * exact Mann-Whitney p between the two cells it compares.
 */

import type { BenchmarkRecord, ParamValue, RunRecord } from '../model.js';
import { median } from './describe.js';
import { assertSample, StatsInputError } from './errors.js';
import { mannWhitneyU } from './mann-whitney.js';
import { METRIC_UNITS, type MetricName, sideValues } from './metric.js';
import { type NotFittable, notFittableLine, unusableValues } from './not-fittable.js';

/** A pair of levels of one factor. */
export interface Factor {
  name: string;
  levels: [string, string];
}

/** Input of {@link factorial2x2}: `cells[codeRow][configColumn]` holds that cell's samples. */
export interface FactorialInput {
  /** Unit shown in the table's corner, e.g. `ns/op` or `op/s`. */
  unit: string;
  code: Factor;
  config: Factor;
  cells: [[readonly number[], readonly number[]], [readonly number[], readonly number[]]];
}

/** The effect of moving from one cell to another. */
export interface FactorialEffect {
  /** Median of the reference cell. */
  from: number;
  /** Median of the compared cell. */
  to: number;
  /** (to − from) / from · 100. */
  percent: number;
  /** U1 of reference vs compared cell. */
  u: number;
  /** Exact two-sided Mann-Whitney p between the two cells. */
  p: number;
}

/** Result of {@link factorial2x2}. */
export interface FactorialResult {
  unit: string;
  code: Factor;
  config: Factor;
  /** `medians[codeRow][configColumn]`. */
  medians: [[number, number], [number, number]];
  /** Per configuration column: code level 2 vs code level 1. */
  codeEffect: [FactorialEffect, FactorialEffect];
  /** Per code row: configuration level 2 vs configuration level 1. */
  configEffect: [FactorialEffect, FactorialEffect];
  /**
   * Interaction as a percent: how much larger (in ratio terms) the code effect is in the second configuration
   * than in the first, (1 + code effect₂) / (1 + code effect₁) − 1. Near 0 means the effects are additive.
   */
  interactionPercent: number;
}

function effect(from: readonly number[], to: readonly number[]): FactorialEffect {
  const a = median(from);
  const b = median(to);
  const mw = mannWhitneyU(from, to);
  return { from: a, to: b, percent: ((b - a) / a) * 100, u: mw.u, p: mw.p };
}

/**
 * Analyses a 2×2 design.
 * @throws {StatsInputError} when a cell is empty or holds a non-finite value.
 */
export function factorial2x2(input: FactorialInput): FactorialResult {
  const [[c00, c01], [c10, c11]] = input.cells;
  assertSample(`cells[${input.code.levels[0]}][${input.config.levels[0]}]`, c00);
  assertSample(`cells[${input.code.levels[0]}][${input.config.levels[1]}]`, c01);
  assertSample(`cells[${input.code.levels[1]}][${input.config.levels[0]}]`, c10);
  assertSample(`cells[${input.code.levels[1]}][${input.config.levels[1]}]`, c11);
  const codeEffect: [FactorialEffect, FactorialEffect] = [effect(c00, c10), effect(c01, c11)];
  const configEffect: [FactorialEffect, FactorialEffect] = [effect(c00, c01), effect(c10, c11)];
  return {
    unit: input.unit,
    code: input.code,
    config: input.config,
    medians: [
      [codeEffect[0].from, codeEffect[1].from],
      [codeEffect[0].to, codeEffect[1].to],
    ],
    codeEffect,
    configEffect,
    interactionPercent: ((1 + codeEffect[1].percent / 100) / (1 + codeEffect[0].percent / 100) - 1) * 100,
  };
}

/** A factorial table for one benchmark group of a run. */
export interface RunFactorial extends FactorialResult {
  /** Benchmark identity without the configuration parameter. */
  key: string;
}

/** Result of {@link factorialAnalysis}: the tables, and the groups that could not be analysed. */
export interface FactorialAnalysis {
  tables: RunFactorial[];
  notFittable: NotFittable[];
}

/**
 * Builds the 2×2 tables of a run: the code factor is the compared side (baseline/candidate labels), the
 * configuration factor is the parameter `param`, which must take exactly two values within each group of
 * benchmarks sharing suite, benchmark and other parameters (levels in run order). A group of another shape, or
 * whose cells are empty or hold values ≤ 0 (percent effects divide by them), is listed in `notFittable`.
 * @throws {StatsInputError} when no benchmark has `param`.
 */
export function factorialAnalysis(
  run: RunRecord,
  param: string,
  metric: MetricName = run.config.metric,
): FactorialAnalysis {
  const groups = new Map<string, BenchmarkRecord[]>();
  for (const r of run.benchmarks) {
    if (!(param in r.id.params)) continue;
    const rest = Object.entries(r.id.params)
      .filter(([k]) => k !== param)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${k}=${String(v)}`);
    const key = `${r.id.suite}.${r.id.benchmark}${rest.length ? `[${rest.join(',')}]` : ''}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  if (groups.size === 0)
    throw new StatsInputError('param', param, `no benchmark has a parameter named "${param}"`);
  const out: FactorialAnalysis = { tables: [], notFittable: [] };
  for (const [key, records] of groups) {
    const levels: ParamValue[] = [];
    for (const r of records) {
      const v = r.id.params[param]!;
      if (!levels.includes(v)) levels.push(v);
    }
    if (levels.length !== 2 || records.length !== 2) {
      out.notFittable.push({
        analysis: 'factorial',
        key,
        side: null,
        reason:
          `a 2×2 design needs exactly two benchmarks with two levels of "${param}", got ${records.length} ` +
          `benchmark(s) with levels ${levels.map(String).join(', ')}`,
      });
      continue;
    }
    const [r0, r1] = records as [BenchmarkRecord, BenchmarkRecord];
    const problem = (['baseline', 'candidate'] as const)
      .map((side) => {
        for (const r of [r0, r1]) {
          const why = unusableValues(side, metric, sideValues(r, side, metric));
          if (why) return { side, reason: `${why} at ${param}=${String(r.id.params[param])}` };
        }
        return null;
      })
      .find((p) => p !== null);
    if (problem) {
      out.notFittable.push({ analysis: 'factorial', key, ...problem });
      continue;
    }
    out.tables.push({
      key,
      ...factorial2x2({
        unit: METRIC_UNITS[metric],
        code: { name: 'code', levels: [r0.labels.baseline, r0.labels.candidate] },
        config: { name: param, levels: [`${param}=${String(levels[0])}`, `${param}=${String(levels[1])}`] },
        cells: [
          [sideValues(r0, 'baseline', metric), sideValues(r1, 'baseline', metric)],
          [sideValues(r0, 'candidate', metric), sideValues(r1, 'candidate', metric)],
        ],
      }),
    });
  }
  return out;
}

/**
 * Strict form of {@link factorialAnalysis}: every group must be analysable.
 * @throws {StatsInputError} when no benchmark has `param`, or a group cannot be analysed.
 */
export function factorialFromRun(
  run: RunRecord,
  param: string,
  metric: MetricName = run.config.metric,
): RunFactorial[] {
  const { tables, notFittable } = factorialAnalysis(run, param, metric);
  const bad = notFittable[0];
  if (bad) throw new StatsInputError('param', bad.key, notFittableLine(bad));
  return tables;
}
