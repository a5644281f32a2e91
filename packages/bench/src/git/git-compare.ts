/**
 * Git mode's part of planning a `compare`: the two revisions checked out in detached worktrees, installed and built
 * with the repository's commands, and the bench files found in the candidate tree. It only plans: the plan stage
 * (`plan/revisions.ts`) plans the cases from it and the engine (`engine/compare.ts`) measures them, so git/ never
 * imports a stage.
 */
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { UsageError } from '../errors.js';
import type { RunRecord, Side } from '../model.js';
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
  type Worktree,
} from './git.js';
import { describeRecipe, detectProject, recipeFor } from './project-recipe.js';

/** What a `compare` asks of git: the refs, the bench files (in the working tree) and how to build each side. */
export interface RevisionRequest {
  cwd: string;
  baseline: string;
  /** Absent: the working tree (dirty or not) is the candidate. */
  candidate?: string;
  /** Bench files, absolute paths in the working tree; each side reads them at the same relative path. */
  files: readonly string[];
  install?: boolean;
  installCommands?: readonly string[];
  build?: boolean;
  buildCommands?: readonly string[];
  keepWorktrees?: boolean;
  log: (text: string) => void;
  signal: AbortSignal;
}

/** A side whose install or build failed: what the results file records for each of its cases. */
export interface FailedBuild {
  side: Side;
  message: string;
  log: string;
}

/** The planned revisions: the worktrees to compile against, labels, the run's comparison and any failed build. */
export interface RevisionPlan {
  /** The bench files in the candidate tree. */
  files: string[];
  roots: Record<Side, string>;
  labels: Record<Side, string>;
  comparison: RunRecord['comparison'];
  failedBuilds: FailedBuild[];
  /** Removes the worktrees (or says where they were kept with `keepWorktrees`). */
  dispose(): void;
}

/**
 * The install/build commands for the tree at `dir`: detected from its lockfile and package.json, each step
 * replaceable (`installCommands`, `buildCommands`) or skipped (`install: false`, `build: false`).
 */
function recipeFrom(r: RevisionRequest, dir: string): BuildRecipe {
  const project = detectProject(dir);
  const detected = recipeFor(project, DEFAULT_RECIPE.timeoutMs);
  const recipe: BuildRecipe = {
    install:
      r.install === false ? [] : r.installCommands ? r.installCommands.map(parseCommand) : detected.install,
    build: r.build === false ? [] : r.buildCommands ? r.buildCommands.map(parseCommand) : detected.build,
    timeoutMs: DEFAULT_RECIPE.timeoutMs,
  };
  r.log(`project: ${describeRecipe(project, recipe)}\n`);
  return recipe;
}

const short = (sha: string): string => sha.slice(0, 7);

interface Refs {
  root: string;
  baselineCommit: string;
  candidateCommit: string | null;
  dirty: boolean;
}

function resolveRefs(r: RevisionRequest): Refs {
  const root = repoRoot(r.cwd);
  const baselineCommit = resolveCommit(root, r.baseline);
  const candidateCommit = r.candidate === undefined ? null : resolveCommit(root, r.candidate);
  if (candidateCommit === baselineCommit)
    throw new UsageError(
      `--baseline ${r.baseline} and --candidate ${r.candidate} are the same commit (${short(baselineCommit)}): ` +
        'there is nothing to compare (measure one revision against itself with `aa`)',
    );
  const dirty = r.candidate === undefined && isDirty(root);
  if (dirty)
    r.log('note: the working tree has uncommitted changes; measuring it as "working tree (dirty)"\n');
  return { root, baselineCommit, candidateCommit, dirty };
}

function labelsOf(r: RevisionRequest, refs: Refs): Record<Side, string> {
  const { baselineCommit, candidateCommit, dirty } = refs;
  return {
    baseline: `git:${r.baseline} (${short(baselineCommit)})`,
    candidate:
      candidateCommit === null
        ? dirty
          ? 'working tree (dirty)'
          : 'working tree'
        : `git:${r.candidate} (${short(candidateCommit)})`,
  };
}

/**
 * Builds each side (the candidate only when it is not the working tree); null when Ctrl-C came first, so the
 * candidate build never starts after an interrupted baseline build.
 */
async function buildSides(
  r: RevisionRequest,
  roots: Record<Side, string>,
  labels: Record<Side, string>,
  candidateBuilt: boolean,
): Promise<FailedBuild[] | null> {
  const buildSide = async (side: Side): Promise<BuildOutcome> => {
    const started = Date.now();
    r.log(`building ${side} ${labels[side]} in ${roots[side]}\n`);
    const result = await buildTree(roots[side], recipeFrom(r, roots[side]), r.signal, (step, command) =>
      r.log(`stopping the ${side} ${step}: killing \`${command}\`\n`),
    );
    const how = result.interrupted ? 'build interrupted' : result.ok ? 'built' : 'build FAILED';
    r.log(`${side} ${how} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    return result;
  };
  const builds: Partial<Record<Side, BuildResult>> = {};
  if (r.signal.aborted) return null;
  builds.baseline = await buildSide('baseline');
  if (r.signal.aborted) return null;
  if (candidateBuilt) builds.candidate = await buildSide('candidate');
  if (r.signal.aborted) return null;
  return (['baseline', 'candidate'] as const).flatMap((side) => {
    const b = builds[side];
    return b && !b.ok
      ? [{ side, message: `${side} build failed: ${b.failedCommand ?? 'build'}`, log: b.log }]
      : [];
  });
}

/**
 * `compare --baseline <ref> [--candidate <ref>]`: each ref checked out in its own detached worktree, installed and
 * built; the candidate tree's bench files are compiled against each side by the engine. Null when interrupted
 * before both sides were built (the worktrees are removed then); otherwise the caller disposes the plan.
 * @throws {UsageError} for the same commit twice, a bench file outside the repository or missing in a revision.
 */
export async function planRevisions(r: RevisionRequest): Promise<RevisionPlan | null> {
  const refs = resolveRefs(r);
  const rels = r.files.map((f) => {
    const rel = relative(refs.root, f);
    if (rel.startsWith('..')) throw new UsageError(`bench file ${f} is outside the repository ${refs.root}`);
    return rel;
  });
  const worktrees: Worktree[] = [];
  const dispose = () => {
    if (!r.keepWorktrees) for (const t of worktrees) t.remove();
    else for (const t of worktrees) r.log(`kept worktree ${t.path}\n`);
  };
  try {
    const baselineTree = addWorktree(refs.root, refs.baselineCommit);
    worktrees.push(baselineTree);
    let candidateRoot = refs.root;
    if (refs.candidateCommit !== null) {
      const t = addWorktree(refs.root, refs.candidateCommit);
      worktrees.push(t);
      candidateRoot = t.path;
    }
    const files = rels.map((rel) => join(candidateRoot, rel));
    for (const f of files) {
      if (!existsSync(f))
        throw new UsageError(`bench file ${relative(candidateRoot, f)} does not exist in ${r.candidate}`);
    }
    const labels = labelsOf(r, refs);
    const roots: Record<Side, string> = { baseline: baselineTree.path, candidate: candidateRoot };
    const failedBuilds = await buildSides(r, roots, labels, refs.candidateCommit !== null);
    if (failedBuilds === null) {
      dispose();
      return null;
    }
    const comparison: RunRecord['comparison'] = {
      kind: 'revision',
      baseline: r.baseline,
      candidate: refs.candidateCommit === null ? labels.candidate : (r.candidate as string),
      baselineCommit: refs.baselineCommit,
      candidateCommit: refs.candidateCommit,
    };
    return { files, roots, labels, comparison, failedBuilds, dispose };
  } catch (e) {
    dispose();
    throw e;
  }
}
