import { colourWanted } from '../report/terminal.js';

/** Where the command line writes; replaceable for tests and in-process callers. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
  /** Whether stderr is a terminal (progress bar). */
  isTTY: boolean;
  /**
   * The CLI script as launched (`process.argv[1]`), recorded in the run's invocation; unset for in-process calls,
   * which record `tombstone-bench` instead.
   */
  script?: string;
  /** Whether stdout gets colour (a terminal, unless NO_COLOR; FORCE_COLOR forces it); default none. */
  colour?: boolean;
}

/** The process's own stdout/stderr/cwd. */
export const defaultIo = (): CliIo => ({
  stdout: (t) => void process.stdout.write(t),
  stderr: (t) => void process.stderr.write(t),
  cwd: process.cwd(),
  isTTY: Boolean(process.stderr.isTTY),
  colour: colourWanted(Boolean(process.stdout.isTTY), process.env),
});
