import { closeSync, openSync, writeSync } from 'node:fs';
import type { BenchEvent, Payload } from '../protocol/events.js';
import { PROTOCOL_VERSION } from '../protocol/version.js';

/** Where events go. */
export interface EventSink {
  emit(event: Payload<BenchEvent>): void;
  close(): void;
}

/** Drops events (no `--json` / `--events`). */
export const nullSink: EventSink = { emit() {}, close() {} };

/**
 * NDJSON to a file or a line writer (stdout). Synchronous file writes: an event is on disk before the next
 * fork starts, so a consumer never misses one when the runner is killed.
 */
export function ndjsonSink(target: string | ((line: string) => void)): EventSink {
  const fd = typeof target === 'string' ? openSync(target, 'a') : -1;
  const write = typeof target === 'string' ? (line: string) => void writeSync(fd, line) : target;
  return {
    emit(event) {
      const full = { protocol: PROTOCOL_VERSION, time: new Date().toISOString(), ...event };
      write(`${JSON.stringify(full)}\n`);
    },
    close() {
      if (fd >= 0) closeSync(fd);
    },
  };
}

/** Sends every event to each sink. */
export function teeSink(...sinks: EventSink[]): EventSink {
  return {
    emit: (e) => {
      for (const s of sinks) s.emit(e);
    },
    close: () => {
      for (const s of sinks) s.close();
    },
  };
}
