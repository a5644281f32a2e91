/**
 * Typed input errors for the statistics layer. Every check runs before any computation, so a bad argument
 * fails at the public function with a message naming the argument and the offending value.
 */

/** Raised when a statistics function receives an argument it cannot use (empty sample, NaN, bad level…). */
export class StatsInputError extends RangeError {
  override readonly name = 'StatsInputError';
  /** Name of the offending argument, e.g. `x` or `confidence`. */
  readonly argument: string;
  /** The offending value (an element for arrays, the whole value otherwise). */
  readonly value: unknown;

  constructor(argument: string, value: unknown, message: string) {
    super(`${argument}: ${message}`);
    this.argument = argument;
    this.value = value;
  }
}

/**
 * Checks that `xs` is a non-empty array of finite numbers (at least `minLength` of them).
 * @throws {StatsInputError} naming the argument, the bad index and its value.
 */
export function assertSample(argument: string, xs: readonly number[], minLength = 1): void {
  if (!Array.isArray(xs)) {
    throw new StatsInputError(argument, xs, `expected an array of numbers, got ${typeof xs}`);
  }
  if (xs.length < minLength) {
    throw new StatsInputError(
      argument,
      xs,
      `expected at least ${minLength} value(s), got ${xs.length === 0 ? 'an empty array' : xs.length}`,
    );
  }
  for (let i = 0; i < xs.length; i++) {
    const v = xs[i];
    if (typeof v !== 'number' || !Number.isFinite(v)) {
      throw new StatsInputError(argument, v, `element [${i}] is ${String(v)}, expected a finite number`);
    }
  }
}

/**
 * Checks that `p` is a probability strictly between 0 and 1 (a confidence level or an alpha).
 * @throws {StatsInputError} naming the argument and its value.
 */
export function assertOpenUnit(argument: string, p: number): void {
  if (typeof p !== 'number' || !(p > 0 && p < 1)) {
    throw new StatsInputError(argument, p, `expected a number in (0, 1), got ${String(p)}`);
  }
}

/**
 * Checks that every value is strictly positive (needed before taking logarithms).
 * @throws {StatsInputError} naming the argument, the bad index and its value.
 */
export function assertPositive(argument: string, xs: readonly number[]): void {
  for (let i = 0; i < xs.length; i++) {
    const v = xs[i]!;
    if (!(v > 0)) {
      throw new StatsInputError(
        argument,
        v,
        `element [${i}] is ${v}, expected a positive number (logarithm)`,
      );
    }
  }
}
