import { closeSync, openSync, writeSync } from 'node:fs';
import { toWire } from '../analyse/wire.js';
import { UsageError } from '../errors.js';
import type { BenchEvent, Payload } from '../protocol/events.js';
import { PROTOCOL_VERSION } from '../protocol/version.js';

/** Where the engine's events go: payloads in, stamped with `protocol` and `time` on the way out. */
export interface EventSink {
  emit(event: Payload<BenchEvent>): void;
  close(): void;
}

/** Drops events. */
export const nullSink: EventSink = { emit() {}, close() {} };

/** The event on the wire: `protocol` and `time` stamped on, in its JSON form (non-finite numbers → null). */
export function stampEvent(payload: Payload<BenchEvent>): BenchEvent {
  return toWire({ protocol: PROTOCOL_VERSION, time: new Date().toISOString(), ...payload } as BenchEvent);
}

/** Stamps each event and hands it to `listener`. */
export function listenerSink(listener: (event: BenchEvent) => void, close: () => void = () => {}): EventSink {
  return { emit: (payload) => listener(stampEvent(payload)), close };
}

/** Writes stamped events as NDJSON lines. */
export function ndjsonWriter(write: (line: string) => void): (event: BenchEvent) => void {
  return (event) => write(`${JSON.stringify(event)}\n`);
}

/**
 * NDJSON to a file, started afresh (`replace`) or after the lines already there (`append`: a resumed run continues
 * its events). Synchronous writes: an event is on disk before the next fork starts, so a consumer never misses one
 * when the runner is killed.
 */
export function ndjsonFile(
  path: string,
  mode: 'replace' | 'append',
): { write: (event: BenchEvent) => void; close: () => void } {
  let fd: number;
  try {
    fd = openSync(path, mode === 'append' ? 'a' : 'w');
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    throw new UsageError(
      `--events ${path} cannot be written: ${err.code ?? String(err.message).split('\n')[0]}`,
    );
  }
  return { write: ndjsonWriter((line) => void writeSync(fd, line)), close: () => closeSync(fd) };
}
