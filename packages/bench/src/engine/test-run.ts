// Helpers of the engine's tests (not built: tsconfig.build.json leaves out `test-*.ts`).
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { RunRecord } from '../model.js';
import type { RunOptions } from '../plan/run-options.js';
import type { BenchEvent } from '../protocol/events.js';
import { parseEvent } from '../protocol/parse.js';
import type { startRun } from './engine.js';

/** Tiny samples, no pinning, no type-check: the engine's tests measure behaviour, not ops. */
export const FAST_RUN: Partial<RunOptions> = {
  sampleMs: 20,
  warmupMs: 20,
  timeoutMs: 20_000,
  pin: false,
  typecheck: false,
};

/** Every event of a run, each checked to round-trip through the protocol validator unchanged. */
export async function drain(run: ReturnType<typeof startRun>): Promise<BenchEvent[]> {
  const events: BenchEvent[] = [];
  for await (const e of run) events.push(e);
  await run.result.catch(() => {});
  for (const e of events) expect(parseEvent(JSON.stringify(e))).toEqual(e);
  return events;
}

/** A results file as the engine wrote it. */
export const readRecord = (file: string): RunRecord => JSON.parse(readFileSync(file, 'utf8')) as RunRecord;
