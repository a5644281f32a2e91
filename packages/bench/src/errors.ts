/**
 * Typed errors of the runner. Every message names the bad value so a CLI user can fix the input without reading code.
 */

/** Base class of every error the bench runner throws on bad input; the CLI prints `message` and exits non-zero. */
export class BenchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** A suite definition (`defineSuite({...})`) is malformed. */
export class SuiteDefinitionError extends TypeError {
  constructor(message: string) {
    super(message);
    this.name = 'SuiteDefinitionError';
  }
}

/** Command-line usage error: unknown option, parameter, value, or zero benchmarks matched. */
export class UsageError extends BenchError {}

/** A bench file failed to compile with esbuild; `message` carries esbuild's formatted diagnostics. */
export class BenchCompileError extends BenchError {
  constructor(
    readonly file: string,
    readonly diagnostics: string,
    /** The first error as `file:line:column: text`, so a one-line display (list, an editor) still says why. */
    readonly firstError?: string,
  ) {
    super(`bench file ${file} does not compile${firstError ? `: ${firstError}` : ''}:\n${diagnostics}`);
  }
}

/** A bench file compiled but could not be loaded or described (it threw at import time or exports no suite). */
export class BenchLoadError extends BenchError {}

/** A git operation failed: unknown ref, not a repository, worktree creation failed. */
export class GitError extends BenchError {}

/** A results file given to `--resume` or `report` is unreadable or incompatible. */
export class ResultsFileError extends BenchError {}

/**
 * A step of the run's preparation was stopped by Ctrl-C (the terminal sends SIGINT to the whole foreground process
 * group, so a `tsc` the type-check runs dies of it too): the run ends as interrupted (exit 130), not as a failed step.
 * `step` says what was stopped, e.g. `type-checking the bench files`.
 */
export class BenchInterruptedError extends BenchError {
  constructor(readonly step: string) {
    super(`interrupted while ${step}; nothing was measured`);
  }
}

/** A bench file has type errors; `message` lists each as `file:line:column - error TSnnnn: text`. */
export class BenchTypeError extends BenchError {
  constructor(readonly diagnostics: string) {
    super(`bench files have type errors (pass --no-typecheck to measure anyway):\n${diagnostics}`);
  }
}
