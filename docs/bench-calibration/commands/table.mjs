// One line per calibration summary: A/A and injected numbers, for the README tables.
import { existsSync, readFileSync } from 'node:fs';

for (const dir of process.argv.slice(2)) {
  const f = `${dir}/calibration.json`;
  if (!existsSync(f)) {
    console.log(`${dir}: no summary`);
    continue;
  }
  const c = JSON.parse(readFileSync(f, 'utf8'));
  const a = c.aa;
  const cost = (k) =>
    `forks/side ${k.meanForksPerSide.toFixed(1)} of ${k.maxForksPerSide}, ${k.meanRunSeconds?.toFixed(0)} s/run`;
  const runsWith = Math.round(a.runsWithFalseVerdictRate * a.runs);
  let line = `${dir} [${c.config.metric}${c.sequential ? ` seq ${c.sequential.looks.join(',')}` : ` fixed n=${c.samplesPerSide}`}]: A/A ${a.falseVerdicts} of ${a.comparisons} false (runs with any ${runsWith} of ${a.runs}), raw p<.05 ${(a.rawSignificantRate * 100).toFixed(1)}%, Inconclusive ${a.inconclusive}; ${cost(a.cost)}`;
  for (const i of c.injected)
    line += `\n    +${i.slowdown * 100}% (booked ${i.clock}): Lost ${i.lost} of ${i.cases} (${i.runs} runs), Inconclusive ${i.inconclusive}, mean Δ ${i.meanDeltaPercent.toFixed(1)}%; ${cost(i.cost)}`;
  console.log(line);
}
