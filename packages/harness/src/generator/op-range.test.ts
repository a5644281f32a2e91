import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkStream } from '../check/check-run.js';
import { runInProcess as run, SPECS as specs } from '../cli/test-cli.js';
import { HarnessArgumentError, WorkloadSpecError } from '../errors.js';
import { opRange } from './op-range.js';
import { parseWorkloadSpec, type WorkloadSpecInput } from './spec.js';
import { workload } from './workload.js';

const raw = (name: string) => JSON.parse(readFileSync(`${specs}${name}.json`, 'utf8')) as WorkloadSpecInput;
const builtIn = readdirSync(specs).map((f) => f.replace(/\.json$/, ''));
const checkable = builtIn.filter((n) => n.startsWith('check-'));
const MAX_LDT = 2 ** 32 - 3;

describe('op index range', () => {
  it.each(builtIn)(
    '%s: the last 1000 valid ops have safe timestamps and local deletion times ≤ 2^32 − 3',
    (name) => {
      const w = workload(raw(name), 42);
      expect(w.lastOp).toBe(opRange(w.spec).lastOp);
      for (const op of w.ops(0, w.lastOp - 999, 1000)) {
        if ('ts' in op) expect(Number.isSafeInteger(op.ts)).toBe(true);
        if ('ldt' in op) expect(op.ldt).toBeLessThanOrEqual(MAX_LDT);
        if ('now' in op) expect(op.now).toBeLessThanOrEqual(MAX_LDT);
      }
      expect(() => w.op(0, w.lastOp + 1)).toThrow(HarnessArgumentError);
      expect(() => w.op(0, 2 ** 53 - 1)).toThrow(/has valid op indexes 0 … \d+ only/);
    },
  );

  it('refuses at validation a timestamps.start or clock.start that leaves no valid range', () => {
    const spec = raw('mixed');
    expect(() => parseWorkloadSpec({ ...spec, timestamps: { start: 9007199254740000 } })).toThrow(
      /timestamps\.start: expected an integer in \[0, 4503599627370496\] \(2\^52\), got 9007199254740000/,
    );
    expect(() => parseWorkloadSpec({ ...spec, clock: { start: 2 ** 32 } })).toThrow(WorkloadSpecError);
  });

  it('keeps every op valid for a clock that stands still, so op 2^40 is an ordinary op', () => {
    const w = workload({ ...raw('check-mixed'), clock: { secondsPerOp: 0 } }, 42);
    expect(w.lastOp).toBeGreaterThan(2 ** 52);
    expect(Number.isSafeInteger(w.op(0, 2 ** 40).k)).toBe(true);
  });

  it.each(checkable)(
    'check --from 2^40 --ops 2000 on %s is refused naming the limit, exit 2',
    async (name) => {
      const r = await run([
        'check',
        '--spec',
        name,
        '--from',
        '1099511627776',
        '--ops',
        '2000',
        '--seed',
        '42',
      ]);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(
        /has valid op indexes 0 … \d+ only: its clock .* passes the largest local deletion time 4294967293/,
      );
    },
  );

  it.each(checkable)(
    'check of the last 2000 valid ops of %s finds no divergence (no false bug report)',
    async (name) => {
      const last = workload(raw(name), 42).lastOp;
      const r = await run([
        'check',
        '--spec',
        name,
        '--from',
        String(last - 1999),
        '--ops',
        '2000',
        '--seed',
        '42',
      ]);
      expect(r.err + r.out).toMatch(/no divergence\n$/);
      expect(r.code).toBe(0);
    },
    60_000,
  );

  it('checks at --from 2^40 when the spec allows it (a standing clock)', async () => {
    const w = workload({ ...raw('check-mixed'), clock: { secondsPerOp: 0 } }, 7);
    const c = checkStream(
      w.spec,
      7,
      0,
      2000,
      { rangeStore: 'persistent', corruptor: null },
      { from: 2 ** 40 },
    );
    expect(c.divergence).toBeNull();
    expect(c.stats.ops).toBe(2000);
  }, 60_000);

  it('generate refuses ops past the range, naming the limit', async () => {
    const r = await run([
      'generate',
      '--spec',
      'mixed',
      '--seed',
      '42',
      '--ops',
      '40',
      '--from',
      '1000000000000',
    ]);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toContain('valid op indexes 0 … 2594967293 only');
  });
});
