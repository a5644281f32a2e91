import { setImmediate as nextTurn } from 'node:timers/promises';

/** How often a paced loop gives the event loop a turn: long enough to cost nothing, short enough for Ctrl-C. */
const SLICE_MS = 25;

/**
 * Lets a long synchronous loop (model checking, generating) hear Ctrl-C and draw a progress line: the loop calls
 * {@link due} per unit of work (a counter), and when it says so awaits {@link pause}, which hands the event loop one
 * turn (`setImmediate`) at most every 25 ms. Without this the CLI's SIGINT handler never ran during `check` and
 * `generate` (issue 23: a `check --ops 10000000` still ran 8 CPU-minutes after two SIGINTs).
 */
export class Pacer {
  readonly #signal: AbortSignal | undefined;
  readonly #onPause: (() => void) | undefined;
  readonly #mask: number;
  #count = 0;
  #last = performance.now();

  /**
   * @param onPause called on every turn handed to the event loop (e.g. to redraw a progress line).
   * @param checkEvery units of work between clock reads, a power of two: 256 for ops of a few µs (`generate`: a
   *   `performance.now()` per op would cost more than the pause it guards), 1 for ops of ~0.5 ms (`check`: 256 of
   *   them held Ctrl-C back 10 s at load 35).
   */
  constructor(signal?: AbortSignal, onPause?: () => void, checkEvery = 256) {
    this.#signal = signal;
    this.#onPause = onPause;
    this.#mask = checkEvery - 1;
  }

  /** Whether the run was interrupted (the signal aborted). */
  get stopped(): boolean {
    return this.#signal?.aborted === true;
  }

  /** Counts one unit of work; true when the loop should `await pause()`. */
  due(): boolean {
    return (++this.#count & this.#mask) === 0 && performance.now() - this.#last >= SLICE_MS;
  }

  /** Hands the event loop a turn; resolves to true when the run was interrupted meanwhile. */
  async pause(): Promise<boolean> {
    await nextTurn();
    this.#last = performance.now();
    this.#onPause?.();
    return this.stopped;
  }
}
