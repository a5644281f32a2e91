#!/usr/bin/env node
/**
 * Replays the runner's own look function on recorded forks (issue 20, the futility stop): every benchmark of the
 * given results files, its forks per side in time order (`seq`), through the run's own design, with the futility
 * stop at each gamma asked (0 = off), and optionally with the candidate's forks multiplied by 1 + s (a synthetic
 * slowdown). Verdicts come from the runner's analysis of the replayed record (Holm over the run's benchmarks). Not a
 * test and not shipped: a measurement script; pure computation, no forks. Build the package first.
 *
 *   node packages/bench/scripts/replay-looks.mjs [--gamma 0,0.02,0.03,0.05] [--inject 0,0.05,0.1] FILE…
 *   REPLAY_DIFF=1 …   also lists each benchmark a gamma turned from Lost into something else, and each Inconclusive
 *
 * A benchmark whose recorded forks end before the replay would stop (it stopped earlier in the recorded run, say
 * with equivalence, but with an injected slowdown the replay runs on) is censored: kept in the Holm family with its
 * recorded looks, not counted. A futility stop only ends a benchmark earlier, so a replay of the recorded data
 * itself (inject 0) is never censored.
 */

import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const dist = resolve(dirname(fileURLToPath(import.meta.url)), '../dist');
const { sequentialDesign } = await import(`${dist}/stats/sequential/design.js`);
const { decideLook, stops } = await import(`${dist}/stats/sequential/look.js`);
const { analyzeRun } = await import(`${dist}/stats/analyze-run.js`);

const { values, positionals } = parseArgs({
  options: {
    gamma: { type: 'string', default: '0,0.02,0.03,0.05' },
    inject: { type: 'string', default: '0' },
  },
  allowPositionals: true,
});
const list = (s) => s.split(',').map(Number);

/** The values of one side in time order. */
function side(b, name, metric, factor) {
  return b.samples
    .filter((s) => s.side === name)
    .sort((x, y) => x.seq - y.seq)
    .map((s) => s[metric] * factor);
}

/** One benchmark replayed: its looks and samples, or null when its recorded forks end too early. */
function replay(b, design, config, gamma, factor) {
  const base = side(b, 'baseline', config.metric, 1);
  const cand = side(b, 'candidate', config.metric, factor);
  const rule = {
    threshold: config.threshold,
    confidence: 0.95,
    guardrail: b.role === 'guardrail',
    futility: gamma,
  };
  const looks = [];
  for (const [k, n] of design.looks.entries()) {
    if (base.length < n || cand.length < n) return null;
    const look = decideLook(design, k, base.slice(0, n), cand.slice(0, n), looks, rule);
    looks.push(look);
    if (stops(look)) break;
  }
  const n = looks.at(-1).n;
  const keep = (name, values) => {
    const ordered = b.samples.filter((s) => s.side === name).sort((x, y) => x.seq - y.seq);
    return ordered.slice(0, n).map((s, i) => ({ ...s, [config.metric]: values[i] }));
  };
  return { ...b, looks, samples: [...keep('baseline', base), ...keep('candidate', cand)] };
}

const rows = [];
for (const file of positionals) {
  const run = JSON.parse(readFileSync(file, 'utf8'));
  const { sequential } = run.config;
  const design = sequentialDesign({
    looks: sequential.looks,
    alpha: sequential.designAlpha,
    spending: sequential.spending,
  });
  // Complete benchmarks only (an interrupted run's last one has a `continue` look).
  const complete = run.benchmarks.filter((b) => b.looks?.length && b.looks.at(-1).decision !== 'continue');
  for (const gamma of list(values.gamma)) {
    for (const inject of list(values.inject)) {
      // Censored: with an injected slowdown, a benchmark whose recorded forks end before the maximum (the same set
      // for every gamma, so the rows compare like with like).
      const max = design.looks.at(-1);
      const full = (b) =>
        ['baseline', 'candidate'].every((n) => b.samples.filter((s) => s.side === n).length >= max);
      const replayed = complete.map((b) =>
        inject === 0 || full(b) ? replay(b, design, run.config, gamma, 1 + inject) : null,
      );
      const record = { ...run, benchmarks: replayed.map((r, i) => r ?? complete[i]) };
      const verdicts = analyzeRun(record).verdicts;
      for (const [i, v] of verdicts.entries()) {
        if (!replayed[i]) {
          rows.push({ file, gamma, inject, censored: true });
          continue;
        }
        const last = replayed[i].looks.at(-1);
        rows.push({
          file,
          gamma,
          inject,
          key: v.key,
          role: v.role,
          n: last.n,
          max: design.looks.at(-1),
          decision: last.decision,
          outcome: v.outcome,
          statistical: v.basis.statisticalOutcome,
          failedChecks: v.basis.failedChecks,
        });
      }
    }
  }
}

if (process.env.REPLAY_DIFF) {
  // Benchmarks Lost at gamma 0 but not at a gamma (per inject): what the futility stop cost.
  for (const r of rows.filter((x) => x.gamma !== 0 && !x.censored && x.outcome !== 'Lost')) {
    const off = rows.find(
      (x) => x.gamma === 0 && x.inject === r.inject && x.file === r.file && x.key === r.key,
    );
    if (r.outcome === 'Inconclusive')
      console.log(
        `inconclusive: gamma ${r.gamma} inject ${r.inject} ${r.file} ${r.key} at ${r.n}: ${r.failedChecks.join(', ')}; off: ${off?.outcome} at ${off?.n}`,
      );
    if (off?.outcome === 'Lost')
      console.log(
        `lost detection: gamma ${r.gamma} inject ${r.inject} ${r.file} ${r.key}: ${r.decision} at ${r.n} (${r.outcome}); off: ${off.decision} at ${off.n}`,
      );
  }
}
const pct = (a, b) => (b === 0 ? '—' : `${((100 * a) / b).toFixed(1)}%`);
console.log(
  '| inject | gamma | comparisons (censored) | mean forks/side | of the maximum | stops: diff / equiv / futility / final | Won | Lost | Lost, statistics only | Inconclusive |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const inject of list(values.inject)) {
  for (const gamma of list(values.gamma)) {
    const all = rows.filter((r) => r.gamma === gamma && r.inject === inject);
    const rs = all.filter((r) => !r.censored);
    const count = (f) => rs.filter(f).length;
    const mean = rs.reduce((s, r) => s + r.n, 0) / rs.length;
    const meanMax = rs.reduce((s, r) => s + r.max, 0) / rs.length;
    const stopsText = ['difference', 'equivalence', 'futility', 'final']
      .map((d) => count((r) => r.decision === d))
      .join(' / ');
    console.log(
      `| ${inject} | ${gamma} | ${rs.length} (${all.length - rs.length}) | ${mean.toFixed(2)} | ${pct(mean, meanMax)} | ${stopsText} | ` +
        `${count((r) => r.outcome === 'Won')} | ${count((r) => r.outcome === 'Lost')} (${pct(
          count((r) => r.outcome === 'Lost'),
          rs.length,
        )}) | ` +
        `${count((r) => r.statistical === 'Lost')} (${pct(
          count((r) => r.statistical === 'Lost'),
          rs.length,
        )}) | ${count((r) => r.outcome === 'Inconclusive')} |`,
    );
  }
}
