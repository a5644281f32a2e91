/**
 * Argument checks for the public API, for callers in plain JavaScript: a wrong type or a missing argument is a
 * {@link HarnessArgumentError} naming the function, the argument and the value it got — never a TypeError from deep
 * inside (`Cannot read properties of undefined`), never a message that names "undefined".
 */
import { describeValue, HarnessArgumentError } from '../errors.js';
import { isValidatedSpec, parseWorkloadSpec, type WorkloadSpec } from './spec.js';

/** `value` if it is a string. @throws HarnessArgumentError `fn: name must be a string, got …`. */
export function stringArgument(value: unknown, fn: string, name: string): string {
  if (typeof value !== 'string')
    throw new HarnessArgumentError(`${fn}: ${name} must be a string, got ${describeValue(value)}`);
  return value;
}

/** A label an API function puts in its messages (a file name, "seed"): `fallback` when omitted, else a string. */
export function labelArgument(value: unknown, fn: string, name: string, fallback: string): string {
  return value === undefined ? fallback : stringArgument(value, fn, name);
}

/** `value` if it is a plain object (not null, not an array). @throws HarnessArgumentError naming it. */
export function objectArgument(value: unknown, fn: string, name: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new HarnessArgumentError(`${fn}: ${name} must be an object, got ${describeValue(value)}`);
  return value as Record<string, unknown>;
}

/** `value` if it is an array. @throws HarnessArgumentError naming it. */
export function arrayArgument(value: unknown, fn: string, name: string): readonly unknown[] {
  if (!Array.isArray(value))
    throw new HarnessArgumentError(`${fn}: ${name} must be an array, got ${describeValue(value)}`);
  return value;
}

/**
 * A spec argument: one `parseWorkloadSpec`/`defineWorkload` returned as it is (no second validation on a hot path),
 * anything else validated now.
 * @throws WorkloadSpecError naming `fn: spec` and every issue.
 */
export function specArgument(value: unknown, fn: string): WorkloadSpec {
  return isValidatedSpec(value) ? value : parseWorkloadSpec(value, `(${fn}: spec)`);
}
