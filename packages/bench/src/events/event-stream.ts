/**
 * The engine's events as an async iterable: buffered from the start, so a consumer that begins iterating late
 * still sees every event, and ended when the run settles. One consumer per stream.
 */
import type { BenchEvent } from '../protocol/events.js';

/** A push-fed async iterable of events. */
export class EventStream implements AsyncIterable<BenchEvent> {
  readonly #buffer: BenchEvent[] = [];
  #ended = false;
  #wake: (() => void) | null = null;
  #iterating = false;

  /** Appends an event (ignored after {@link end}). */
  push(event: BenchEvent): void {
    if (this.#ended) return;
    this.#buffer.push(event);
    this.#notify();
  }

  /** No more events: iteration finishes once the buffer is drained. */
  end(): void {
    this.#ended = true;
    this.#notify();
  }

  #notify(): void {
    const wake = this.#wake;
    this.#wake = null;
    wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<BenchEvent> {
    if (this.#iterating) throw new Error('a run’s events can be iterated once');
    this.#iterating = true;
    for (;;) {
      const next = this.#buffer.shift();
      if (next !== undefined) {
        yield next;
        continue;
      }
      if (this.#ended) return;
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
    }
  }
}
