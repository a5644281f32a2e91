// Compacts calibrate's per-run results files into one JSON: per run its settings and, per benchmark, its looks and
// its forks in time order as [side, seq, wall ns/op, CPU ns/op, injected share on CPU|null, 1-min load].
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

const [out, ...dirs] = process.argv.slice(2);
const runs = [];
for (const dir of dirs) {
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith('.json') || name === 'calibration.json') continue;
    const r = JSON.parse(readFileSync(join(dir, name), 'utf8'));
    runs.push({
      calibration: basename(dir),
      file: name,
      startedAt: r.startedAt,
      finishedAt: r.finishedAt ?? null,
      comparison: r.comparison,
      config: r.config,
      benchmarks: r.benchmarks.map((b) => ({
        key: b.key,
        role: b.role,
        looks: b.looks ?? null,
        failures: b.failures.length,
        forks: b.samples.map((s) => [
          s.side === 'baseline' ? 'B' : 'C',
          s.seq,
          Number(s.nsPerOp.toPrecision(6)),
          Number(s.cpuNsPerOp.toPrecision(6)),
          s.injected ? Number(s.injected.cpuNsPerOp.toPrecision(4)) : null,
          s.env?.loadAverage?.[0] ?? null,
        ]),
      })),
    });
  }
}
writeFileSync(
  out,
  `${JSON.stringify({ format: 'calibrate runs, compacted (side B|C, seq, nsPerOp, cpuNsPerOp, injected CPU share, load1)', runs })}\n`,
);
console.log(`${runs.length} runs → ${out}`);
