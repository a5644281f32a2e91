import { fileURLToPath } from 'node:url';
import { analyseRun, listBenchmarks, type RunRecord } from '@tombstone-lab/bench/runner';
import { describe, expect, it } from 'vitest';
import {
  PROTOCOL_VERSION,
  ProtocolError,
  parseEventLine,
  parseList,
  parseResults,
  resumedCases,
  savedRun,
} from './protocol.js';
import { around, interleaved, record, runOf, verdictOf } from './test-fixtures.js';

const FIXTURE = fileURLToPath(new URL('../../e2e/workspace/list-ops.bench.ts', import.meta.url));

describe('runner events', () => {
  it('reads an event line and skips lines that are not JSON', () => {
    const line = JSON.stringify({
      protocol: PROTOCOL_VERSION,
      time: 't',
      type: 'error',
      errorName: 'UsageError',
      message: 'bad',
    });
    expect(parseEventLine(line)).toMatchObject({ type: 'error', message: 'bad' });
    expect(parseEventLine('hello from a bench file')).toBeNull();
  });
  it('refuses bad JSON, another protocol version and malformed events, naming the problem', () => {
    expect(() => parseEventLine('{not json')).toThrow(/event line is not JSON/);
    expect(() => parseEventLine('{"protocol":1,"type":"error"}')).toThrow(
      `event has protocol 1, this client reads protocol ${PROTOCOL_VERSION}`,
    );
    const bad = `{"protocol":${PROTOCOL_VERSION},"time":"t","type":"sample-finished","key":"k","side":"left","seq":0,"completed":1,"total":2}`;
    expect(() => parseEventLine(bad)).toThrow(ProtocolError);
    expect(() => parseEventLine(bad)).toThrow(/side/);
  });
});

describe('list --json', () => {
  it("reads the real runner's listing", async () => {
    // What `list --json` prints is the engine's listing, serialised.
    const out = JSON.stringify(await listBenchmarks({ files: [FIXTURE] }));
    const suites = parseList(out);
    expect(suites).toMatchObject([
      {
        file: FIXTURE,
        suite: 'ListOpsBench',
        benchmarks: [
          { name: 'copy', file: FIXTURE, line: 12, column: 5 },
          { name: 'sum', file: FIXTURE, line: 18, column: 5 },
        ],
      },
    ]);
    expect(() => parseList(`{"protocol":${PROTOCOL_VERSION},"suites":[{"file":3}]}`)).toThrow(
      /suites\.0\.file/,
    );
  });
});

describe('results document', () => {
  it('yields cases with their verdicts and the limits', () => {
    const r = record('S.a', interleaved(around(100), around(50)));
    const run: RunRecord = {
      schemaVersion: PROTOCOL_VERSION,
      runId: 'r',
      startedAt: '2026-01-01T14:03:00.000Z',
      finishedAt: null,
      comparison: { kind: 'factor', factor: 'impl', baseline: 'eager', candidate: 'cow' },
      config: { samplesPerSide: 10, metric: 'nsPerOp', alpha: 0.01, threshold: 0.05 },
      invocation: { argv: ['tombstone-bench', 'run', '/ws/a.bench.mjs'], cwd: '/ws' },
      benchmarks: [r],
    };
    // The runner's own analysis of the run, as `report --format json` writes it.
    const doc = { ...run, analysis: analyseRun(run).report };
    expect(doc.analysis.verdicts[0]?.outcome).toBe(verdictOf(r).outcome);
    const { cases, limits, label, files, command, summary } = savedRun(
      parseResults(JSON.stringify(doc)),
      '/r.json',
    );
    expect(limits).toEqual({ correction: 'holm', confidence: 0.95 });
    // The run's alpha and threshold reach the editor in each verdict's basis (what its reason text words).
    expect(cases[0]?.verdict?.basis).toMatchObject({ alpha: 0.01, threshold: 0.05 });
    expect(summary).toEqual(doc.analysis.summary);
    expect(summary.outcomes.Won).toBe(1);
    expect(label).toBe('impl: eager → cow');
    expect(files).toEqual(['/ws/a.bench.mjs']);
    expect(command).toEqual(['run', '/ws/a.bench.mjs']);
    expect(cases[0]).toMatchObject({ key: 'S.a', verdict: { outcome: 'Won' } });
    expect(() => parseResults('{"schemaVersion":1}')).toThrow(
      `results document has schemaVersion 1, this client reads protocol ${PROTOCOL_VERSION}`,
    );
    expect(() => parseResults('nope')).toThrow('results document is not JSON');
    const broken = JSON.stringify(doc).replace(/"nsPerOp":[^,]+/, '"nsPerOp":"fast"');
    expect(() => parseResults(broken)).toThrow(/benchmarks\.0\.samples\.0\.nsPerOp/);
  });

  it('reads the forks of a results file being resumed, and names a malformed one', () => {
    const r = record('S.a', interleaved(around(100), around(50)));
    const [c] = resumedCases(JSON.stringify(runOf([r])));
    expect(c?.key).toBe('S.a');
    expect(c?.samples).toEqual(r.samples);
    expect(c?.failures).toEqual([]);
    expect(() => resumedCases('{"schemaVersion":1}')).toThrow(ProtocolError);
    const bad = { ...runOf([r]), benchmarks: [{ ...r, failures: [{ side: 'baseline' }] }] };
    expect(() => resumedCases(JSON.stringify(bad))).toThrow(/benchmarks\.0\.failures\.0/);
  });
});
