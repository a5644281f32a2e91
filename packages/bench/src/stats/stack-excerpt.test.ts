import { describe, expect, it } from 'vitest';
import { checkReasonText } from '../protocol/check-text.js';
import { type CheckResult, checkBenchmarkPassed } from './checks.js';
import { logExcerpt } from './stack-excerpt.js';
import { makeRecord } from './test-fixtures.js';

// The wording is the report's (check-text.ts); these tests pin both the findings and how they read.
const reason = (r: CheckResult, metric = 'nsPerOp') =>
  checkReasonText(r, metric, metric === 'bytesPerOp' ? 'B/op' : 'ns/op');

const root = '/repo/node_modules/@tombstone-lab/bench/';
const thrown = [
  'some output of the benchmark',
  'Error: kaboom',
  '    at boom (/home/me/proj/throws.bench.ts:7:51)',
  '    at Object.fn (/home/me/proj/throws.bench.ts:12:5)',
  `    at measureBatch (file://${root}dist/fork/measure.js:40:9)`,
  `    at warmUp (file://${root}dist/fork/measure.js:80:3)`,
  `    at runFork (file://${root}dist/fork/fork-worker.js:61:20)`,
  `    at main (file://${root}dist/fork/fork-worker.js:90:3)`,
  '    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)',
].join('\n');

describe('logExcerpt', () => {
  it("shows the message and the user's frames, not the runner's last five", () => {
    expect(logExcerpt(thrown, 5, 5, root)).toBe(
      [
        'some output of the benchmark',
        'Error: kaboom',
        '    at boom (/home/me/proj/throws.bench.ts:7:51)',
        '    at Object.fn (/home/me/proj/throws.bench.ts:12:5)',
        '    … 5 more frame(s) in the results JSON',
      ].join('\n'),
    );
  });

  it('keeps the last lines of a log without a stack', () => {
    expect(logExcerpt('a\nb\nc\nd\ne\nf\ng', 5, 5, root)).toBe('c\nd\ne\nf\ng');
  });

  it('falls back to the first frames when every frame is the runner', () => {
    const onlyRunner = ['Error: x', `    at a (${root}src/fork/measure.ts:1:1)`].join('\n');
    expect(logExcerpt(onlyRunner, 5, 5, root)).toBe(onlyRunner);
  });

  it('benchmark_passed names the frame in the user file', () => {
    const rec = makeRecord({
      baseline: [1, 1, 1],
      candidate: [1, 1, 1],
      failures: [
        {
          side: 'candidate',
          kind: 'throw',
          message: 'kaboom',
          logTail: thrown.replaceAll(root, '/x/node_modules/b/'),
        },
      ],
    });
    expect(reason(checkBenchmarkPassed(rec))).toContain('at boom (/home/me/proj/throws.bench.ts:7:51)');
  });
});
