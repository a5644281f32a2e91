import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { StressTargetRequest } from '../stress/stress-target.js';
import { runCli } from './main.js';
import { stressCommand } from './stress-command.js';
import { parseDuration, parsePositiveNumber, progressLine } from './stress-options.js';

function harness() {
  const requests: StressTargetRequest[] = [];
  const command = stressCommand(async (request) => {
    requests.push(request);
    return {
      specName: 'fake',
      target: {
        opAt: (k) => ({
          kind: k % 3 === 0 ? 'flush' : 'insert',
          execute: () => ({ partitions: 1, rows: 2 }),
        }),
      },
    };
  });
  const out: string[] = [];
  const err: string[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'stress-'));
  const io = { stdout: (t: string) => out.push(t), stderr: (t: string) => err.push(t), cwd: dir };
  return { run: (args: string[]) => runCli(['stress', ...args], io, [command]), out, err, dir, requests };
}

describe('stress command', () => {
  it('runs the op stream, prints JSON with every kind and the total, and writes the HdrHistogram log', async () => {
    const h = harness();
    const code = await h.run([
      '--spec',
      's.json',
      '--seed',
      '7',
      '--ops',
      '300',
      '--range-store',
      'eager',
      '--json',
      '--hdr-log',
      'x.hlog',
    ]);
    expect(code).toBe(0);
    const summary = JSON.parse(h.out.join(''));
    expect(summary.label).toEqual({ spec: 'fake', seed: 7, stream: 0, 'range store': 'eager' });
    expect(summary.kinds.map((k: { kind: string }) => k.kind)).toEqual(['flush', 'insert', 'total']);
    expect(summary.kinds[2].totalOps).toBe(300);
    expect(summary.kinds[2].totalPartitions).toBe(300);
    expect(h.requests[0]).toEqual({
      specFile: join(h.dir, 's.json'),
      seed: 7,
      stream: 0,
      rangeStore: 'eager',
      ops: 300,
    });
    expect(h.err.join('')).toContain('seed 7');
    expect(readFileSync(join(h.dir, 'x.hlog'), 'utf8')).toMatch(/^Tag=insert,/m);
  });

  it('stops on the abort signal (Ctrl-C) and still reports what it measured', async () => {
    const h = harness();
    const controller = new AbortController();
    controller.abort();
    const command = stressCommand(async () => ({
      specName: 'fake',
      target: { opAt: () => ({ kind: 'insert', execute: () => ({ partitions: 1, rows: 1 }) }) },
    }));
    const io = {
      stdout: (t: string) => h.out.push(t),
      stderr: (t: string) => h.err.push(t),
      cwd: h.dir,
      signal: controller.signal,
    };
    expect(await runCli(['stress', '--spec', 's.json', '--ops', '1000', '--json'], io, [command])).toBe(130);
    const summary = JSON.parse(h.out.join(''));
    expect(summary.interrupted).toBe(true);
    expect(summary.kinds.at(-1).totalOps).toBe(0);
  });

  it('prints the human table with the seed and draws a seed when none is given; default store is the engine’s', async () => {
    const h = harness();
    expect(await h.run(['--spec', 's.json', '--duration', '50ms'])).toBe(0);
    expect(h.out.join('')).toMatch(
      /Results \(spec fake · seed \d+ · stream 0 · range store persistent; unthrottled/,
    );
    expect(h.requests[0]?.rangeStore).toBe('persistent');
    expect(h.out.join('')).toContain('Latency 99.9th percentile');
    // Units on every row, and no HdrHistogram log (nor its directory) unless --hdr-log asks for one.
    expect(h.out.join('')).toMatch(/CPU per million ops +[\d.,]+ s/);
    expect(h.out.join('')).not.toContain('HdrHistogram log');
    expect(readdirSync(h.dir)).toEqual([]);
  });

  it.each([
    [['--ops', '5'], /--spec FILE is required/],
    [['--spec', 's.json'], /--ops N or --duration/],
    [['--spec', 's.json', '--duration', '5x'], /--duration .*"5x"/],
    [['--spec', 's.json', '--ops', '-3'], /--ops|-3/],
    [['--spec', 's.json', '--ops', '5', '--rate', 'fast'], /--rate .*"fast"/],
    [['--spec', 's.json', '--ops', '5', '--range-store', 'btree'], /--range-store .*"btree"/],
    [
      ['--spec', 's.json', '--ops', '5', '--range-store', 'cow'],
      /--range-store must be one of eager, copy-on-write, persistent \(default persistent\), got "cow"/,
    ],
    [['--spec', 's.json', '--ops', '5', '--compare', 'eager'], /two range stores A B/],
    [['--spec', 's.json', '--ops', '5', '--compare', 'eager', 'tree'], /--compare B .*"tree"/],
    [['--spec', 's.json', '--ops', '5', 'extra'], /unexpected argument "extra"/],
    [
      ['--spec', 's.json', '--ops', '5', '--duration', '10s'],
      /give --ops N or --duration, not both \(got --ops "5" and --duration "10s"\)/,
    ],
    [['--spec', 's.json', '--ops', '5', '--rounds', '3'], /--rounds "3" applies to --compare A B only/],
    [['--spec', 's.json', '--duration', '10'], /got "10" \(a duration needs a unit: ms, s, m or h\)/],
  ])('rejects %j with a typed error naming the value', async (args, message) => {
    const h = harness();
    expect(await h.run(args)).toBe(2);
    expect(h.err.join('')).toMatch(message);
  });
});

describe('stress options', () => {
  it('parses durations and positive numbers, naming bad text', () => {
    expect([
      parseDuration('500ms'),
      parseDuration('30s'),
      parseDuration('2m'),
      parseDuration('1.5s'),
    ]).toEqual([500, 30_000, 120_000, 1500]);
    expect(() => parseDuration('1.5')).toThrow(/a duration needs a unit/);
    expect(() => parseDuration(' 2s')).toThrow(/" 2s"/);
    expect(() => parseDuration('0s')).toThrow(/"0s"/);
    expect(parsePositiveNumber('2500', '--rate')).toBe(2500);
    expect(parsePositiveNumber('0.5', '--rate')).toBe(0.5);
    expect(() => parsePositiveNumber('0', '--rate')).toThrow(/--rate must be a positive number, got "0"/);
    expect(progressLine(12345, 4321.4, 3.2)).toContain('12,345 ops · 4,321 op/s · ETA 3 s');
  });

  it('labels --compare A A as an A/A calibration (built CLI, real engine)', async () => {
    const h = harness();
    const spec = fileURLToPath(new URL('../../specs/check-mixed.json', import.meta.url));
    const code = await h.run([
      '--spec',
      spec,
      '--seed',
      '1',
      '--ops',
      '200',
      '--compare',
      'eager',
      'eager',
      '--rounds',
      '1',
    ]);
    expect(code).toBe(0);
    expect(h.err.join('')).toContain('A/A: eager on both sides, a calibration of the run-to-run noise');
    expect(h.out.join('')).toContain(
      'A/A calibration, range store eager on both sides: any verdict but Unchanged is a false one',
    );
    // One round per side: bench's statistics cannot reach alpha, and the table says so instead of a change.
    expect(h.out.join('')).toMatch(/Inconclusive/);
    expect(h.out.join('')).toContain('note: 1 round per side cannot reach alpha 0.05');
  }, 60_000);
});
