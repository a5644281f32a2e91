import { describe, expect, it } from 'vitest';
import { analyseRun } from '../analyse/analyse-run.js';
import type { RunRecord } from '../model.js';
import { aroundMedian, env, makeRecord, makeRun } from '../stats/test-fixtures.js';
import { renderMarkdownReport } from './markdown.js';
import { displayCommand, reproductionItems } from './report-model.js';
import { renderTerminalReport } from './terminal.js';
import { seedRun } from './test-seed-run.js';

const RESULTS = '/work/main/packages/core/.tombstone-bench/results-20260101-000000.json';
/** The run's work tree and home, as the CLI finds them (work-tree.ts). */
const SHARE = { share: { workTree: '/work/main', home: '/home/alice' } };
/** RESULTS as the block shows it: relative to the run's directory. */
const RESULTS_SHOWN = '.tombstone-bench/results-20260101-000000.json';

/** The seed run with invocation and per-sample load averages (0.25 … 2.5) and a pinned affinity. */
function recordedSeedRun(): RunRecord {
  const run = seedRun();
  let i = 0;
  for (const b of run.benchmarks)
    for (const s of b.samples) {
      i++;
      s.env = env({ loadAverage: [0.25 + (i % 10) * 0.25, 9, 9], affinity: '0' });
    }
  run.invocation = {
    argv: ['/opt/tb/dist/cli.js', 'compare', '--baseline', 'HEAD~1', '--filter', "copy 'only'", 'b.bench.ts'],
    cwd: '/work/main/packages/core',
  };
  return run;
}

const items = (run: RunRecord, resultsFile?: string) =>
  Object.fromEntries(
    reproductionItems({ ...analyseRun(run, SHARE), ...(resultsFile ? { resultsFile } : {}) }).map((x) => [
      x.label,
      x.value,
    ]),
  );

describe('reproduction block data', () => {
  it('summarises the environment over every sample and names commits, command and results file', () => {
    expect(items(recordedSeedRun(), RESULTS)).toEqual({
      Environment: 'linux/x64/node-20.19.0 (V8 11.3.244.8-node.26)',
      CPU: 'Test CPU @ 2.0GHz × 2',
      'CPU affinity': '0',
      // 80 samples; the 1-minute load cycles through 0.25 … 2.5, the 5/15-minute 9 is ignored.
      'Load average (1 min)': '0.25–2.50 over 80 samples',
      'Baseline Commit': '061749b0ae48d5b3be1f78754f177bdd745c7a1e (HEAD~1)',
      'Candidate Commit': 'ca5e7e41597ff05a09028d2e0f382df62db4620d (HEAD)',
      'Directory (from the git root)': 'packages/core',
      'Run Command': `node /opt/tb/dist/cli.js compare --baseline HEAD~1 --filter 'copy '\\''only'\\''' b.bench.ts`,
      'Results File': RESULTS_SHOWN,
    });
  });

  it('factor runs show the levels; unpinned runs have no affinity line; differing values are listed', () => {
    const run = makeRun([
      makeRecord({
        baseline: aroundMedian(100),
        candidate: aroundMedian(50),
        envFor: (side, i) =>
          env({ node: side === 'baseline' ? 'v20.19.0' : 'v20.20.0', loadAverage: [i, 0, 0] }),
      }),
    ]);
    const got = items(run);
    expect(got.Baseline).toBe('impl=eager');
    expect(got.Candidate).toBe('impl=cow');
    expect(got['CPU affinity']).toBeUndefined();
    expect(got['Load average (1 min)']).toBe('0.00–9.00 over 20 samples');
    expect(got.Environment).toBe(
      'linux/x64/node-20.19.0 (V8 11.3.244.8-node.26); linux/x64/node-20.20.0 (V8 11.3.244.8-node.26) ' +
        '(differs between samples)',
    );
    expect(got['Results File']).toBeUndefined();
  });

  it('a working-tree candidate has no commit; a run without samples says so', () => {
    const run = makeRun(
      [makeRecord({ baseline: [], candidate: [] })],
      {},
      {
        kind: 'revision',
        baseline: 'main',
        candidate: 'working tree (dirty)',
        baselineCommit: '061749b0ae48d5b3be1f78754f177bdd745c7a1e',
        candidateCommit: null,
      },
    );
    const got = items(run);
    expect(got.Environment).toBe('not captured (no samples)');
    expect(got['Baseline Commit']).toBe('061749b0ae48d5b3be1f78754f177bdd745c7a1e (main)');
    expect(got.Candidate).toBe('working tree (dirty)');
    expect(got['Load average (1 min)']).toBeUndefined();
  });

  it('runs a script path with node, a bin name with npx (a run from code records the bare name)', () => {
    expect(displayCommand(['/x/cli.js', 'run'])).toBe('node /x/cli.js run');
    expect(displayCommand(['tombstone-bench', 'run', 'a b'])).toBe("npx tombstone-bench run 'a b'");
    expect(displayCommand(['/p/node_modules/.bin/tombstone-bench', 'run'])).toBe('npx tombstone-bench run');
  });
});

describe('reproduction block in the reports', () => {
  const run = recordedSeedRun();
  const input = { ...analyseRun(run, SHARE), resultsFile: RESULTS };

  it('terminal: seed-style bullets with the command on its own indented line', () => {
    const text = renderTerminalReport(input);
    const block = text.slice(text.indexOf('\nReproduction\n') + 1).split('\n');
    expect(block.slice(0, 8)).toEqual([
      'Reproduction',
      '• Environment: linux/x64/node-20.19.0 (V8 11.3.244.8-node.26)',
      '• CPU: Test CPU @ 2.0GHz × 2',
      '• CPU affinity: 0',
      '• Load average (1 min): 0.25–2.50 over 80 samples',
      '• Baseline Commit: 061749b0ae48d5b3be1f78754f177bdd745c7a1e (HEAD~1)',
      '• Candidate Commit: ca5e7e41597ff05a09028d2e0f382df62db4620d (HEAD)',
      '• Directory (from the git root): packages/core',
    ]);
    expect(block.slice(8, 13)).toEqual([
      '• Run Command:',
      '',
      `  node /opt/tb/dist/cli.js compare --baseline HEAD~1 --filter 'copy '\\''only'\\''' b.bench.ts`,
      '',
      `• Results File: ${RESULTS_SHOWN}`,
    ]);
    // The gate line stays last.
    expect(text.split('\n').at(-1)).toBe('1 Won, 3 Held, 0 Unchanged, 0 Lost — gate: pass');
  });

  it('markdown: a section with the command in a shell code block', () => {
    const md = renderMarkdownReport(input);
    expect(md).toContain(
      [
        '### Reproduction',
        '',
        '- Environment: linux/x64/node-20.19.0 (V8 11.3.244.8-node.26)',
        '- CPU: Test CPU @ 2.0GHz × 2',
        '- CPU affinity: 0',
        '- Load average (1 min): 0.25–2.50 over 80 samples',
        '- Baseline Commit: 061749b0ae48d5b3be1f78754f177bdd745c7a1e (HEAD~1)',
        '- Candidate Commit: ca5e7e41597ff05a09028d2e0f382df62db4620d (HEAD)',
        '- Directory (from the git root): `packages/core`',
        '- Run Command:',
        '',
        '  ```sh',
        `  node /opt/tb/dist/cli.js compare --baseline HEAD~1 --filter 'copy '\\''only'\\''' b.bench.ts`,
        '  ```',
        '',
        `- Results File: \`${RESULTS_SHOWN}\``,
      ].join('\n'),
    );
  });

  it('markdown: a command containing backticks gets a longer fence', () => {
    const r = recordedSeedRun();
    r.invocation = { argv: ['tombstone-bench', 'run', 'a```b'], cwd: '/w' };
    const md = renderMarkdownReport(analyseRun(r));
    expect(md).toContain("  ````sh\n  npx tombstone-bench run 'a```b'\n  ````");
    // Paths are code spans, with a longer fence when they hold backticks.
    const withTicks = renderMarkdownReport({
      ...analyseRun(r),
      resultsFile: '/w/a`b_c_.json',
    });
    expect(withTicks).toContain('- Results File: ``a`b_c_.json``');
  });

  it('an old record without the new fields still renders, saying the command was not recorded', () => {
    const old = seedRun();
    expect(old.invocation).toBeUndefined();
    const analysed = analyseRun(old);
    const text = renderTerminalReport(analysed);
    expect(text).toContain('• Run Command: not recorded (results file predates it)');
    expect(text).toContain('• Baseline Commit: 061749b0ae48d5b3be1f78754f177bdd745c7a1e (HEAD~1)');
    expect(text).not.toContain('Directory');
    expect(text).not.toContain('Results File');
    const md = renderMarkdownReport(analysed);
    expect(md).toContain('- Run Command: not recorded (results file predates it)');
    expect(md).not.toContain('```');
  });
});
