/** Sum of squares, commit 1. */
export function sumOfSquares(xs: readonly number[]): number {
  let total = 0;
  for (const x of xs) total += x * x;
  return total;
}
