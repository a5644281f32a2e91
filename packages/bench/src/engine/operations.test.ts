import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BenchError, UsageError } from '../errors.js';
import type { BenchEvent } from '../protocol/events.js';
import { tempProject } from '../test-helpers.js';
import { type CalibrationOptions, startCalibration } from './calibrate.js';
import { type ListOptions, listBenchmarks } from './list.js';

const SUITE = `import { defineSuite } from '@tombstone-lab/bench';
export default defineSuite({
  name: 'Ops',
  params: { size: [1, 2] },
  benchmarks: { spin: (p: { size: number }) => p.size * 2 },
});
`;

describe('listBenchmarks (the engine lists, the CLI prints)', () => {
  it('lists each file’s suite, benchmark locations and cases in the protocol form', async () => {
    const dir = tempProject({ 'ops.bench.ts': SUITE });
    const list = await listBenchmarks({ cwd: dir, timeoutMs: 30_000 });
    expect(list.suites).toHaveLength(1);
    const [suite] = list.suites;
    expect(suite).toMatchObject({ suite: 'Ops', loadError: null, params: { size: [1, 2] } });
    expect(suite?.benchmarks.map((b) => [b.name, b.line])).toEqual([['spin', 5]]);
    expect(suite?.cases?.map((c) => c.key)).toEqual(['Ops.spin[size=1]', 'Ops.spin[size=2]']);
  }, 60_000);

  it('refuses a misspelled option, a bad type and an out-of-range value, naming it', async () => {
    const cases: [unknown, RegExp][] = [
      [{ timeoutMS: 100 }, /listBenchmarks: unknown option "timeoutMS"/],
      [{ files: 'a.bench.ts' }, /listBenchmarks: option files: /],
      [{ timeoutMs: 5 }, /timeoutMs 5 is out of range \(>= 100\)/],
    ];
    for (const [options, message] of cases) {
      const listing = listBenchmarks(options as ListOptions);
      await expect(listing).rejects.toThrow(message);
      await expect(listing).rejects.toBeInstanceOf(UsageError);
    }
  });
});

describe('startCalibration (the engine calibrates, the CLI prints)', () => {
  it('refuses a run option a calibration does not take, a misspelled one and out-of-range counts, in the result and the stream', async () => {
    const cases: [unknown, RegExp][] = [
      [{ resume: 'r.json' }, /startCalibration: unknown option "resume"/],
      [{ samplesPerSid: 3 }, /startCalibration: unknown option "samplesPerSid"/],
      [{ rounds: 0 }, /rounds 0 is out of range \(>= 1 and <= 1000\)/],
      [{ slowdowns: [0] }, /slowdowns 0 is out of range \(> 0 and <= 10\)/],
      [{ detectNs: [1] }, /detectNs 1 is out of range \(>= 2 and <= 1000\)/],
      [{ from: 'dir' }, /startCalibration: option from: /],
    ];
    for (const [options, message] of cases) {
      const calibration = startCalibration(options as CalibrationOptions);
      const events: BenchEvent[] = [];
      for await (const e of calibration) events.push(e);
      await expect(calibration.result).rejects.toThrow(message);
      await expect(calibration.result).rejects.toBeInstanceOf(UsageError);
      expect(events).toEqual([expect.objectContaining({ type: 'error', errorName: 'UsageError' })]);
    }
  });

  it('re-summarising a directory without runs says so and measures nothing', async () => {
    const dir = tempProject({ 'ops.bench.ts': SUITE });
    mkdirSync(join(dir, 'empty'));
    const calibration = startCalibration({ cwd: dir, from: ['empty'], pin: false });
    for await (const _ of calibration);
    await expect(calibration.result).rejects.toThrow(/--from .*empty: no A\/A run with a complete benchmark/);
    await expect(calibration.result).rejects.toBeInstanceOf(BenchError);
  }, 60_000);
});
