/**
 * The plan stage's cases: each bench file compiled and described in a fork, its cases selected, and the sides of a
 * factor, A/A or revision run laid out as {@link PlannedCase}s.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BenchCompileError, BenchLoadError, UsageError } from '../errors.js';
import { compileBench } from '../fork/compile.js';
import { runFork } from '../fork/fork.js';
import { type ParamValue, type RunRecord, SINGLE_VARIANT_LABEL, type Side } from '../model.js';
import { locateBenchmarks } from '../protocol/locate.js';
import { type BenchCase, type CaseSelection, type SuiteShape, selectCases } from '../suite/cases.js';
import type { PlannedCase } from './planned-case.js';

/** Shared inputs of every planning mode. */
export interface PlanContext {
  cacheDir: string;
  worker: string;
  /** The bundled measuring kit (compile.ts `kitScript`) the measuring forks load. */
  kit: string;
  selection: CaseSelection;
  /** Time limit for the describe fork. */
  timeoutMs: number;
}

/** Loads a compiled bundle in a fork and returns its suite's shape; a load-time throw is a {@link BenchLoadError}. */
export async function describeBundle(
  file: string,
  bundle: string,
  ctx: Pick<PlanContext, 'worker' | 'timeoutMs'>,
): Promise<SuiteShape> {
  const outcome = await runFork(
    { mode: 'describe', bundle },
    { worker: ctx.worker, timeoutMs: ctx.timeoutMs, nodeArgs: [] },
  );
  if (outcome.kind === 'result' && outcome.result.ok && outcome.result.mode === 'describe')
    return outcome.result.shape;
  const why =
    outcome.kind === 'result'
      ? outcome.result.ok
        ? 'unexpected reply'
        : outcome.result.message
      : `${outcome.message}\n${outcome.logTail}`;
  throw new BenchLoadError(`bench file ${file} could not be loaded: ${why}`);
}

function locationsOf(
  file: string,
  displayRoot: string,
): Map<string, { file: string; line: number; column: number }> {
  const found = locateBenchmarks(readFileSync(file, 'utf8'));
  const rel = relative(displayRoot, file) || file;
  return new Map(found.benchmarks.map((b) => [b.name, { file: rel, line: b.line, column: b.column }]));
}

/** In A/A and revision mode an in-code factor is just another parameter: every level is measured on both sides. */
function factorAsParam(shape: SuiteShape): SuiteShape {
  if (!shape.compare) return shape;
  const { factor, baseline, candidate } = shape.compare;
  return { ...shape, params: { ...shape.params, [factor]: [baseline, candidate] }, compare: null };
}

interface Loaded {
  file: string;
  bundles: Record<Side, string>;
  shape: SuiteShape;
}

/** Compiles each bench file once for both sides (factor and A/A runs measure the same code) and describes it. */
async function loadShared(
  files: readonly string[],
  ctx: PlanContext,
  adaptShape: (shape: SuiteShape) => SuiteShape,
): Promise<Loaded[]> {
  const loaded: Loaded[] = [];
  for (const file of files) {
    const bundle = await compileBench(file, ctx.cacheDir, 'shared');
    const shape = adaptShape(await describeBundle(file, bundle, ctx));
    loaded.push({ file, bundles: { baseline: bundle, candidate: bundle }, shape });
  }
  return loaded;
}

function plan(
  loaded: readonly Loaded[],
  ctx: PlanContext,
  displayRoot: string,
  sideParams: (c: BenchCase, shape: SuiteShape) => Record<Side, Record<string, ParamValue>>,
  labels: Record<Side, string>,
  slowdown: Record<Side, number>,
): PlannedCase[] {
  const cases = selectCases(loaded, ctx.selection);
  const locations = new Map(loaded.map((l) => [l.file, locationsOf(l.file, displayRoot)]));
  return cases.map((c) => {
    const l = loaded.find((x) => x.file === c.file && x.shape.name === c.suite) as Loaded;
    const location = locations.get(c.file)?.get(c.benchmark);
    return {
      bench: c,
      ...(location ? { location } : {}),
      bundles: l.bundles,
      params: sideParams(c, l.shape),
      labels,
      slowdown,
      ...(l.shape.sampling ? { sampling: l.shape.sampling } : {}),
    };
  });
}

/** Plans an in-code factor comparison: every suite needs the same `compare` factor and levels. */
export async function planFactorRun(
  files: readonly string[],
  ctx: PlanContext,
  displayRoot: string,
): Promise<{ cases: PlannedCase[]; comparison: RunRecord['comparison'] }> {
  const loaded = await loadShared(files, ctx, (shape) => shape);
  // No suite names a factor: measure the one implementation (see planSingleRun).
  if (loaded.length > 0 && loaded.every((l) => !l.shape.compare)) return singlePlan(loaded, ctx, displayRoot);
  const first = loaded[0]?.shape.compare;
  for (const l of loaded) {
    const c = l.shape.compare;
    if (!c) {
      throw new UsageError(
        `suite ${l.shape.name} (${l.file}) has no \`compare\` factor while others have one: run it on its own (one implementation), with \`compare --baseline <git-ref>\` (revisions), or \`aa\``,
      );
    }
    if (
      first &&
      (c.factor !== first.factor || c.baseline !== first.baseline || c.candidate !== first.candidate)
    ) {
      throw new UsageError(
        `suites compare different factors (${first.factor}: ${first.baseline} vs ${first.candidate}; ${l.shape.name}: ${c.factor}: ${c.baseline} vs ${c.candidate}); run them separately`,
      );
    }
  }
  const f = first as NonNullable<SuiteShape['compare']>;
  const cases = plan(
    loaded,
    ctx,
    displayRoot,
    (c) => ({
      baseline: { ...c.params, [f.factor]: f.baseline },
      candidate: { ...c.params, [f.factor]: f.candidate },
    }),
    { baseline: `${f.factor}=${f.baseline}`, candidate: `${f.factor}=${f.candidate}` },
    { baseline: 0, candidate: 0 },
  );
  return {
    cases,
    comparison: { kind: 'factor', factor: f.factor, baseline: f.baseline, candidate: f.candidate },
  };
}

/**
 * A single-variant `run` of suites without a factor: one implementation measured in 2 × n forks that alternate
 * between two identical halves, so the run doubles as an A/A check of its own reproducibility (an A/A record; the
 * reports add the pooled median and spread per benchmark).
 */
function singlePlan(
  loaded: Loaded[],
  ctx: PlanContext,
  displayRoot: string,
): { cases: PlannedCase[]; comparison: RunRecord['comparison'] } {
  const cases = plan(
    loaded,
    ctx,
    displayRoot,
    (c) => ({ baseline: c.params, candidate: c.params }),
    { baseline: 'A (one fork of each pair)', candidate: 'A (the other fork of each pair)' },
    { baseline: 0, candidate: 0 },
  );
  return { cases, comparison: { kind: 'aa', label: SINGLE_VARIANT_LABEL, slowdown: 0 } };
}

/** Plans an A/A run: the same bundle on both sides, optionally with injected slowdown on the candidate. */
export async function planAaRun(
  files: readonly string[],
  ctx: PlanContext,
  displayRoot: string,
  slowdown: number,
): Promise<{ cases: PlannedCase[]; comparison: RunRecord['comparison'] }> {
  const loaded = await loadShared(files, ctx, factorAsParam);
  const candidateLabel = slowdown > 0 ? `A' (+${Math.round(slowdown * 100)}% injected)` : "A'";
  const cases = plan(
    loaded,
    ctx,
    displayRoot,
    (c) => ({ baseline: c.params, candidate: c.params }),
    { baseline: 'A', candidate: candidateLabel },
    { baseline: 0, candidate: slowdown },
  );
  const label =
    slowdown > 0 ? `A/A with ${Math.round(slowdown * 100)}% slowdown injected into the candidate` : 'A/A';
  return { cases, comparison: { kind: 'aa', label, slowdown } };
}

/**
 * A compile error of the baseline side, said in the repository's terms: paths inside the temp worktree become
 * repository paths, and an import that does not resolve is named as missing at the baseline revision (it used to
 * read as a problem with a /tmp path the user never made).
 */
function atBaseline(e: BenchCompileError, rel: string, root: string, label: string): BenchCompileError {
  const local = (text: string) => text.split(`${root}/`).join('');
  const missing = /Could not resolve "([^"]+)"/.exec(e.firstError ?? e.diagnostics);
  const first = missing
    ? `${local(e.firstError ?? '')} (the file it imports does not exist at the baseline ${label})`
    : `${local(e.firstError ?? '')} (at the baseline ${label})`;
  return new BenchCompileError(rel, local(e.diagnostics), first);
}

/** Compiles each candidate-tree bench file for both sides (the baseline copy resolved inside the baseline tree). */
export async function planRevisionRun(
  files: readonly string[],
  roots: Record<Side, string>,
  labels: Record<Side, string>,
  ctx: PlanContext,
  /** The baseline failed to build: plan the cases from the candidate only (nothing will run). */
  candidateOnly = false,
): Promise<PlannedCase[]> {
  const loaded: Loaded[] = [];
  for (const file of files) {
    const rel = relative(roots.candidate, file);
    if (rel.startsWith('..'))
      throw new UsageError(`bench file ${file} is outside the repository ${roots.candidate}`);
    const candidate = await compileBench(file, ctx.cacheDir, 'candidate');
    const baseline = candidateOnly
      ? candidate
      : await compileBench(file, ctx.cacheDir, 'baseline', `${roots.baseline}/${rel}`).catch((e: unknown) => {
          throw e instanceof BenchCompileError ? atBaseline(e, rel, roots.baseline, labels.baseline) : e;
        });
    const shape = factorAsParam(await describeBundle(file, candidate, ctx));
    loaded.push({ file, bundles: { baseline, candidate }, shape });
  }
  return plan(loaded, ctx, roots.candidate, (c) => ({ baseline: c.params, candidate: c.params }), labels, {
    baseline: 0,
    candidate: 0,
  });
}
