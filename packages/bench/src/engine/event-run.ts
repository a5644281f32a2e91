/**
 * An engine operation as its caller sees it: an async iterable of protocol events plus a `result` promise, and the
 * typed error of a failed operation emitted once as the stream's last `error` event (so a caller that also reports
 * it can tell: {@link wasReported}).
 */
import { BenchError } from '../errors.js';
import { type EventSink, listenerSink } from '../events/event-sink.js';
import { EventStream } from '../events/event-stream.js';
import type { BenchEvent } from '../protocol/events.js';

/** How a started operation is controlled and observed besides its event stream. */
export interface RunControl {
  /** Aborting kills the running fork's process group and ends the run; its results file stays valid and resumable. */
  signal?: AbortSignal;
  /** Called synchronously with each event as it is emitted (before the next fork starts). */
  onEvent?: (event: BenchEvent) => void;
}

/** A started operation: iterate it for its events (once); `result` settles when it ends. */
export interface EventRun<T> extends AsyncIterable<BenchEvent> {
  /** How it ended. Rejects with the typed error (UsageError, BenchCompileError …), also the stream's last event. */
  readonly result: Promise<T>;
}

const reported = new WeakSet<object>();

/** Whether `error` was already emitted as an `error` event by an engine operation (so it is not reported twice). */
export function wasReported(error: unknown): boolean {
  return typeof error === 'object' && error !== null && reported.has(error);
}

/**
 * Runs `job` with an event sink that feeds the stream and `control.onEvent`; a thrown error becomes the last `error`
 * event (after `onError` emitted what must precede it) and rejects `result`.
 */
export function eventRun<T>(
  control: RunControl,
  job: (events: EventSink, signal: AbortSignal) => Promise<T>,
  watch: { onEvent?: (event: BenchEvent) => void; onError?: (events: EventSink) => void } = {},
): EventRun<T> {
  const stream = new EventStream();
  const events = listenerSink((event) => {
    watch.onEvent?.(event);
    stream.push(event);
    control.onEvent?.(event);
  });
  const signal = control.signal ?? new AbortController().signal;
  const result = (async (): Promise<T> => {
    try {
      return await job(events, signal);
    } catch (e) {
      const err = e instanceof Error ? e : new BenchError(String(e));
      events.emit({ type: 'error', errorName: err.name, message: err.message });
      watch.onError?.(events);
      reported.add(err);
      throw err;
    } finally {
      stream.end();
    }
  })();
  // The caller may only iterate; an unobserved rejection must not crash the process.
  result.catch(() => {});
  return { result, [Symbol.asyncIterator]: () => stream[Symbol.asyncIterator]() };
}
