/**
 * What `--resume FILE` needs before anything is planned: the file itself (a missing one is its own error, not the
 * planner's complaint about unrelated suites), the bench files it measured (so `run --resume out/int.json` alone
 * continues that run in a project with several suites), and the command an interrupted run prints to continue.
 */
import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { UsageError } from '../errors.js';
import { repoRoot } from '../git/git.js';
import type { RunInvocation, RunRecord } from '../model.js';
import { launcherOf } from '../shell-quote.js';
import { findBenchFiles } from '../suite/discover.js';
import { readRun } from './results-store.js';
import type { RunOptions } from './run-options.js';

/** The results file `--resume` names, read; a missing one is a {@link UsageError} saying there is nothing to continue. */
export function readResumeFile(cwd: string, resume: string): RunRecord {
  const path = resolve(cwd, resume);
  if (!existsSync(path))
    throw new UsageError(
      `--resume ${resume}: no such results file, so there is no run to continue (start one with --out ${resume})`,
    );
  return readRun(path);
}

/** The bench files a recorded run measured (its benchmarks' source files), when they all still exist. */
function recordedFiles(record: RunRecord, cwd: string): string[] {
  const base = record.comparison.kind === 'revision' ? repoRoot(cwd) : (record.invocation?.cwd ?? cwd);
  const files = [
    ...new Set(record.benchmarks.flatMap((b) => (b.location ? [resolve(base, b.location.file)] : []))),
  ];
  return files.length > 0 && files.every((f) => existsSync(f)) ? files : [];
}

/**
 * The bench files of a run: the given ones; with `resume` and none given, the files the resumed run measured
 * (else every bench file under `cwd`).
 * @throws {UsageError} for a missing resume file or missing bench paths.
 */
export function benchFilesOf(options: Pick<RunOptions, 'files' | 'resume'>, cwd: string): string[] {
  const given = options.files ?? [];
  if (given.length === 0 && options.resume !== undefined) {
    const files = recordedFiles(readResumeFile(cwd, options.resume), cwd);
    if (files.length > 0) return findBenchFiles(files, cwd);
  }
  return findBenchFiles(given, cwd);
}

const DROPPED_WITH_VALUE = new Set(['--out', '--resume']);

/**
 * The command that continues an interrupted run: the one that started it with `--out`/`--resume`/`--force` replaced
 * by `--resume <file>` (its files, refs and filters kept, so it resumes the same cases in any project).
 */
export function resumeCommand(invocation: RunInvocation | undefined, mode: string, file: string): string[] {
  const [script = 'tombstone-bench', ...rest] = invocation?.argv ?? ['tombstone-bench', mode];
  const args: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i] as string;
    if (DROPPED_WITH_VALUE.has(a)) i++;
    else if (a === '--force' || [...DROPPED_WITH_VALUE].some((o) => a.startsWith(`${o}=`))) continue;
    else args.push(a);
  }
  return [...launcherOf(script), ...args, '--resume', file];
}

/** `file` as the user can type it from `cwd`: relative when inside it. */
export function displayPath(cwd: string, file: string): string {
  const rel = relative(cwd, file);
  return rel !== '' && !rel.startsWith('..') ? rel : file;
}
