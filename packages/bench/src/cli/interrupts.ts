/**
 * How the `tombstone-bench` executable reads Ctrl-C: the first interrupt stops what runs (and the run says how to
 * continue), a later one quits at once. `timeout -s INT` signals the child and then its whole process group, so one
 * interrupt from a script arrives as two SIGINTs microseconds apart; read as two, the second quit before the run
 * printed its resume hint (3 runs in 4 in a stranger's trial). A SIGINT this soon after the first is the same one.
 */

/** A SIGINT within this many ms of the first is the same interrupt; a person pressing Ctrl-C twice is slower. */
export const SAME_INTERRUPT_MS = 300;

/**
 * The SIGINT listener: calls `stop` on the first interrupt, `quit` on a later one at least
 * {@link SAME_INTERRUPT_MS} after it. `now` is a clock in ms (tests).
 */
export function interruptListener(
  stop: () => void,
  quit: () => void,
  now: () => number = () => performance.now(),
): () => void {
  let first: number | undefined;
  return () => {
    const at = now();
    if (first === undefined) {
      first = at;
      stop();
    } else if (at - first >= SAME_INTERRUPT_MS) quit();
  };
}
