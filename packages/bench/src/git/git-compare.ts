import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { UsageError } from '../errors.js';
import type { RunRecord, Side } from '../model.js';
import { planRevisionRun } from '../run/prepare.js';
import { writeRunAtomic } from '../run/results-store.js';
import { benchFilesOf } from '../run/resume-files.js';
import { createRecord } from '../run/runner.js';
import { checkBenchTypes, EXIT, finished, measure, type RunResult, type Session } from '../run/session.js';
import {
  addWorktree,
  type BuildOutcome,
  type BuildRecipe,
  type BuildResult,
  buildTree,
  DEFAULT_RECIPE,
  isDirty,
  parseCommand,
  repoRoot,
  resolveCommit,
  tail,
  type Worktree,
} from './git.js';
import { describeRecipe, detectProject, recipeFor } from './project-recipe.js';

/**
 * The install/build commands for the tree at `dir`: detected from its lockfile and package.json, each step
 * replaceable (`installCommands`, `buildCommands`) or skipped (`install: false`, `build: false`).
 */
function recipeFrom(s: Session, dir: string): BuildRecipe {
  const o = s.options;
  const project = detectProject(dir);
  const detected = recipeFor(project, DEFAULT_RECIPE.timeoutMs);
  const recipe: BuildRecipe = {
    install:
      o.install === false ? [] : o.installCommands ? o.installCommands.map(parseCommand) : detected.install,
    build: o.build === false ? [] : o.buildCommands ? o.buildCommands.map(parseCommand) : detected.build,
    timeoutMs: DEFAULT_RECIPE.timeoutMs,
  };
  s.log(`project: ${describeRecipe(project, recipe)}\n`);
  return recipe;
}

const short = (sha: string): string => sha.slice(0, 7);

/** Ctrl-C before measuring started: nothing was written, so there is nothing to resume. */
function interrupted(s: Session): RunResult {
  s.log('interrupted while preparing the git comparison; nothing was measured\n');
  return {
    exitCode: EXIT.interrupted,
    interrupted: true,
    resultsFile: null,
    record: null,
    skippedForks: 0,
    finished: null,
    analysed: null,
  };
}

/**
 * `compare --baseline <ref> [--candidate <ref>] [files…]`: each ref checked out in its own detached worktree,
 * installed and built with the repository's commands, the candidate tree's bench files compiled against each side,
 * forks interleaved. Worktrees are removed at the end, whatever happens.
 */
export async function runCompare(s: Session): Promise<RunResult> {
  const root = repoRoot(s.cwd);
  const baselineRef = s.options.baseline as string;
  const baselineCommit = resolveCommit(root, baselineRef);
  const candidateRef = s.options.candidate;
  const candidateCommit = candidateRef === undefined ? null : resolveCommit(root, candidateRef);
  if (candidateCommit === baselineCommit)
    throw new UsageError(
      `--baseline ${baselineRef} and --candidate ${candidateRef} are the same commit (${short(baselineCommit)}): ` +
        'there is nothing to compare (measure one revision against itself with `aa`)',
    );
  const dirty = candidateRef === undefined && isDirty(root);
  if (dirty)
    s.log('note: the working tree has uncommitted changes; measuring it as "working tree (dirty)"\n');

  // Bench files are named in the working tree; the candidate side reads them at the same relative path.
  const workingFiles = benchFilesOf(s.options, s.cwd);
  checkBenchTypes(s, workingFiles);
  const rels = workingFiles.map((f) => {
    const rel = relative(root, f);
    if (rel.startsWith('..')) throw new UsageError(`bench file ${f} is outside the repository ${root}`);
    return rel;
  });

  const worktrees: Worktree[] = [];
  const keep = Boolean(s.options.keepWorktrees);
  try {
    const baselineTree = addWorktree(root, baselineCommit);
    worktrees.push(baselineTree);
    let candidateRoot = root;
    if (candidateCommit !== null) {
      const t = addWorktree(root, candidateCommit);
      worktrees.push(t);
      candidateRoot = t.path;
    }
    const files = rels.map((rel) => join(candidateRoot, rel));
    for (const f of files) {
      if (!existsSync(f))
        throw new UsageError(`bench file ${relative(candidateRoot, f)} does not exist in ${candidateRef}`);
    }
    const labels: Record<Side, string> = {
      baseline: `git:${baselineRef} (${short(baselineCommit)})`,
      candidate:
        candidateCommit === null
          ? dirty
            ? 'working tree (dirty)'
            : 'working tree'
          : `git:${candidateRef} (${short(candidateCommit)})`,
    };
    const comparison: RunRecord['comparison'] = {
      kind: 'revision',
      baseline: baselineRef,
      candidate: candidateCommit === null ? labels.candidate : (candidateRef as string),
      baselineCommit,
      candidateCommit,
    };

    const builds: Partial<Record<Side, BuildResult>> = {};
    const buildSide = async (side: Side, dir: string): Promise<BuildOutcome> => {
      const started = Date.now();
      s.log(`building ${side} ${labels[side]} in ${dir}\n`);
      const result = await buildTree(dir, recipeFrom(s, dir), s.signal);
      s.log(
        `${side} ${result.interrupted ? 'build interrupted' : result.ok ? 'built' : 'build FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
      );
      return result;
    };
    if (s.signal.aborted) return interrupted(s);
    builds.baseline = await buildSide('baseline', baselineTree.path);
    // Ctrl-C during the baseline build must not start the candidate build.
    if (s.signal.aborted) return interrupted(s);
    if (candidateCommit !== null) builds.candidate = await buildSide('candidate', candidateRoot);
    if (s.signal.aborted) return interrupted(s);
    const failed = (['baseline', 'candidate'] as const).filter((side) => builds[side] && !builds[side]?.ok);
    const roots: Record<Side, string> = { baseline: baselineTree.path, candidate: candidateRoot };
    const cases = await planRevisionRun(files, roots, labels, s.ctx, failed.includes('baseline'));
    if (failed.length > 0) {
      // Nothing can be measured without both sides; persist the cases with the build failure so the report and
      // the checks (baseline_valid, benchmark_passed) say why.
      const record = createRecord(cases, {
        comparison,
        config: s.settings.config,
        ...(s.settings.invocation ? { invocation: s.settings.invocation } : {}),
      });
      let seq = 0;
      for (const side of failed) {
        const b = builds[side] as BuildResult;
        const message = `${side} build failed: ${b.failedCommand ?? 'build'}`;
        for (const entry of record.benchmarks) {
          entry.failures.push({ seq: seq++, side, kind: 'build', message, logTail: tail(b.log) });
        }
        s.events.emit({ type: 'error', errorName: 'BuildError', message: `${message}\n${tail(b.log, 15)}` });
        s.log(`tombstone-bench: ${message}\n${tail(b.log, 15)}\n`);
      }
      record.finishedAt = new Date().toISOString();
      writeRunAtomic(s.settings.outFile, record);
      return finished(s, record, { interrupted: false, exitCode: EXIT.failed, skippedForks: 0 });
    }
    return await measure(s, cases, comparison);
  } finally {
    if (!keep) for (const t of worktrees) t.remove();
    else for (const t of worktrees) s.log(`kept worktree ${t.path}\n`);
  }
}
