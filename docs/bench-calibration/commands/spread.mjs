// Spread of A/A forks per clock: for every benchmark side of every A/A run, IQR / median of its forks' ns/op
// (wall) and CPU ns/op; prints the median and the range over sides.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const q = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  const i = (s.length - 1) * p;
  const lo = Math.floor(i);
  return s[lo] + (s[Math.ceil(i)] - s[lo]) * (i - lo);
};
for (const dir of process.argv.slice(2)) {
  const out = { wall: [], cpu: [] };
  for (const name of readdirSync(dir).filter((n) => /^aa-\d+\.json$/.test(n))) {
    const r = JSON.parse(readFileSync(join(dir, name), 'utf8'));
    for (const b of r.benchmarks)
      for (const side of ['baseline', 'candidate']) {
        const s = b.samples.filter((x) => x.side === side);
        if (s.length < 5) continue;
        for (const [k, f] of [
          ['wall', 'nsPerOp'],
          ['cpu', 'cpuNsPerOp'],
        ]) {
          const v = s.map((x) => x[f]);
          out[k].push((q(v, 0.75) - q(v, 0.25)) / q(v, 0.5));
        }
      }
  }
  const f = (xs) =>
    xs.length
      ? `median ${(q(xs, 0.5) * 100).toFixed(1)}% [${(Math.min(...xs) * 100).toFixed(1)}–${(Math.max(...xs) * 100).toFixed(1)}%] over ${xs.length} sides`
      : 'none';
  console.log(`${dir}: IQR/median wall ${f(out.wall)}; CPU ${f(out.cpu)}`);
}
