// The functions the JavaScript e2e project measures. The e2e commits this file, then a second commit slows `slow`.
export function slow(xs) {
  let total = 0;
  for (const x of xs) total += x;
  return total;
}

export function fast(xs) {
  return xs.length;
}
