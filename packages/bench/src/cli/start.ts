/**
 * How the executable starts: it listens for Ctrl-C before the CLI's modules load (loading them takes over a second
 * on a loaded machine, and a Ctrl-C then killed the process silently: exit 130, not a word), then runs main.
 */
import { interruptListener } from './interrupts.js';
import type { CliIo } from './io.js';

/** Exit code of an interrupted command (EXIT.interrupted, whose module is not loaded before the listener). */
const INTERRUPTED = 130;

/** The CLI as loaded: main and the process's own io. */
export interface LoadedCli {
  main: (argv: string[], io: CliIo, signal?: AbortSignal) => Promise<number>;
  defaultIo: () => CliIo;
}

/** What a start needs of the process (the real one in cli.ts; a stand-in in tests). */
export interface StartProcess {
  argv: readonly string[];
  onSigint: (listener: () => void) => void;
  stderr: (text: string) => void;
  /** Quits at once (a second Ctrl-C). */
  exit: (code: number) => void;
}

/** Listens for Ctrl-C, loads the CLI, and runs it; resolves with the exit code. */
export async function start(proc: StartProcess, load: () => Promise<LoadedCli>): Promise<number> {
  const controller = new AbortController();
  proc.onSigint(
    interruptListener(
      () => controller.abort(),
      () => proc.exit(INTERRUPTED),
    ),
  );
  const { main, defaultIo } = await load();
  if (controller.signal.aborted) {
    proc.stderr('tombstone-bench: interrupted while starting; nothing was done\n');
    return INTERRUPTED;
  }
  return main(proc.argv.slice(2), { ...defaultIo(), script: proc.argv[1] }, controller.signal);
}
