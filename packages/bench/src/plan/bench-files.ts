/**
 * Discovery: the bench files of a run, and what `--resume FILE` needs before anything is planned: the file itself (a
 * missing one is its own error, not the planner's complaint about unrelated suites) and the bench files it measured
 * (so `run --resume out/int.json` alone continues that run in a project with several suites).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from '../errors.js';
import { repoRoot } from '../git/git.js';
import type { RunRecord } from '../model.js';
import { readRun } from '../results/results-store.js';
import { displayPath, shellQuoteArg } from '../shell-quote.js';
import { findBenchFiles } from '../suite/discover.js';
import type { RunOptions } from './run-options.js';

/** The results file `--resume` names, read; a missing one is a {@link UsageError} saying there is nothing to continue. */
export function readResumeFile(cwd: string, resume: string): RunRecord {
  const path = resolve(cwd, resume);
  if (!existsSync(path))
    throw new UsageError(
      `--resume ${resume}: no such results file, so there is no run to continue (start one with --out ${shellQuoteArg(resume)})`,
    );
  return readRun(path, displayPath(cwd, path));
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
