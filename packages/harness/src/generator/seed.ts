import { randomInt } from 'node:crypto';
import { describeValue, HarnessArgumentError } from '../errors.js';

/**
 * A workload seed: a non-negative safe integer (0 … 2^53 − 1), printed in decimal so every report can name it and a
 * user can paste it back on the command line.
 */
export type Seed = number;

/** Largest seed, stream or op index accepted: JS safe integers, so they print and parse without loss. */
export const MAX_INDEX = Number.MAX_SAFE_INTEGER;

/**
 * Checks a seed, stream or op index: a non-negative safe integer.
 * @throws HarnessArgumentError naming the value.
 */
export function checkIndex(value: unknown, what = 'index'): number {
  checkLabel(what, 'checkIndex');
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new HarnessArgumentError(
      `${what} must be a non-negative safe integer (0 … ${MAX_INDEX}), got ${describeValue(value)}`,
    );
  }
  return value;
}

/**
 * Parses a seed, stream, op index or count written in decimal (as on the command line). Only digits are accepted:
 * `1e3`, `0x10`, `-1`, `12abc` and empty strings are rejected rather than read as something else.
 * @throws HarnessArgumentError naming the text.
 */
export function parseIndex(text: string, what = 'index'): number {
  checkLabel(what, 'parseIndex');
  // Digits only, then the range: a too-long number is an overflow (naming the maximum), not a syntax error.
  if (typeof text !== 'string' || !/^[0-9]+$/.test(text)) {
    throw new HarnessArgumentError(
      `${what} must be a non-negative integer in decimal, got ${describeValue(text)}`,
    );
  }
  const value = Number(text);
  if (!Number.isSafeInteger(value)) {
    throw new HarnessArgumentError(
      `${what} must be at most ${MAX_INDEX} (2^53 − 1, the largest safe integer), got ${describeValue(text)}`,
    );
  }
  return value;
}

/** `what` (the name an error gives the value) must be text: a message never names "undefined" or "[object Object]". */
function checkLabel(what: unknown, fn: string): void {
  if (typeof what !== 'string')
    throw new HarnessArgumentError(
      `${fn}: what must be a string naming the value, got ${describeValue(what)}`,
    );
}

/** A fresh random seed, for runs that were not given one (the caller must print it). */
export function randomSeed(): Seed {
  // Two draws: randomInt's range is limited to 2^48.
  return randomInt(0, 2 ** 21) * 2 ** 32 + randomInt(0, 2 ** 32);
}

/**
 * Parses an op count (`--ops`): a decimal integer of at least 1 in every command — 0 would mean "nothing" to one
 * command and "no limit" to another, so no command takes it.
 * @throws HarnessArgumentError naming the option and the text.
 */
export function parseCount(text: string, what: string): number {
  const n = parseIndex(text, what);
  if (n < 1) throw new HarnessArgumentError(`${what} must be at least 1, got ${describeValue(text)}`);
  return n;
}
