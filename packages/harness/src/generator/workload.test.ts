import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HarnessArgumentError } from '../errors.js';
import { OP_KINDS, type Op } from './ops.js';
import { parseWorkloadSpec } from './spec.js';
import { workload } from './workload.js';

const mixed = parseWorkloadSpec(
  JSON.parse(readFileSync(new URL('../../specs/mixed.json', import.meta.url), 'utf8')),
);
const text = (op: Op) => JSON.stringify(op, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v));

describe('workload generator', () => {
  it('gives byte-identical streams for the same seed, and different ones for another seed or stream', () => {
    const a = [...workload(mixed, 7).ops(0, 0, 2000)].map(text).join('\n');
    const b = [...workload(mixed, 7).ops(0, 0, 2000)].map(text).join('\n');
    expect(a).toBe(b);
    expect([...workload(mixed, 8).ops(0, 0, 2000)].map(text).join('\n')).not.toBe(a);
    expect([...workload(mixed, 7).ops(1, 0, 2000)].map(text).join('\n')).not.toBe(a);
  });

  it('computes op k directly equal to op k of the stream, for many k', () => {
    const w = workload(mixed, 123);
    const stream = [...w.ops(3, 0, 5000)];
    for (let k = 0; k < 5000; k += 7) expect(text(w.op(3, k))).toBe(text(stream[k]!));
    const late = w.lastOp - 2; // the last three valid ops (2.59·10^9 for mixed's clock)
    const fromLate = [...w.ops(3, late, 3)];
    expect(fromLate.map(text)).toEqual([w.op(3, late), w.op(3, late + 1), w.op(3, late + 2)].map(text));
    expect(fromLate[0]!.k).toBe(late);
  });

  it('draws every op kind in about its weight', () => {
    const counts = new Map<string, number>();
    const n = 20_000;
    for (const op of workload(mixed, 1).ops(0, 0, n)) counts.set(op.kind, (counts.get(op.kind) ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual([...OP_KINDS].sort());
    const total = Object.values(mixed.ops).reduce((s, o) => s + o.weight, 0);
    expect(counts.get('insert')! / n).toBeCloseTo(10 / total, 1);
    expect(counts.get('deleteRange')! / n).toBeCloseTo(3 / total, 1);
  });

  it('makes only non-empty, well-formed ranges with prefixes, open ends and both inclusivities', () => {
    let prefix = 0;
    let open = 0;
    let exclusive = 0;
    for (const op of workload(mixed, 5).ops(0, 0, 20_000)) {
      if (op.kind !== 'deleteRange' && op.kind !== 'readSlice') continue;
      const { prefix: p, lower, upper } = op.range;
      expect(lower !== null || upper !== null || p.length > 0).toBe(true);
      if (p.length > 0) prefix++;
      if (lower === null || upper === null) open++;
      if (lower?.inclusive === false || upper?.inclusive === false) exclusive++;
      if (lower && upper && lower.value === upper.value)
        expect(lower.inclusive && upper.inclusive).toBe(true);
    }
    expect(prefix).toBeGreaterThan(100);
    expect(open).toBeGreaterThan(100);
    expect(exclusive).toBeGreaterThan(100);
  });

  it('follows the timestamp policies', () => {
    const at = (policy: string, window = 3) =>
      workload(parseWorkloadSpec({ ...mixed, timestamps: { policy, window } }), 9);
    const ts = (w: ReturnType<typeof at>, k: number) => {
      const op = w.op(0, k);
      return 'ts' in op ? op.ts : undefined;
    };
    const mono = at('monotonic');
    for (let k = 0; k < 200; k++) {
      const t = ts(mono, k);
      if (t !== undefined) expect(t).toBe(1_000_000 + k);
    }
    const coll = at('colliding');
    for (let k = 0; k < 200; k++) {
      const t = ts(coll, k);
      if (t !== undefined) expect(t).toBe(1_000_000 + k - (k % 3));
    }
    const ooo = at('outOfOrder', 5);
    let behind = 0;
    for (let k = 0; k < 500; k++) {
      const t = ts(ooo, k);
      if (t === undefined) continue;
      expect(Math.abs(t - (1_000_000 + k))).toBeLessThanOrEqual(5);
      if (t < 1_000_000 + k) behind++;
    }
    expect(behind).toBeGreaterThan(50);
  });

  it('advances the clock and stamps deletions with it', () => {
    const w = workload(parseWorkloadSpec({ ...mixed, clock: { start: 100, secondsPerOp: 0.5 } }), 2);
    expect([w.now(0), w.now(1), w.now(2), w.now(7)]).toEqual([100, 100, 101, 103]);
    for (const op of w.ops(0, 0, 300)) if ('ldt' in op) expect(op.ldt).toBe(w.now(op.k));
  });

  it('samples hot sets, sequential and latest keys', () => {
    const keysOf = (distribution: object, n = 4000) => {
      const spec = parseWorkloadSpec({
        ...mixed,
        partitions: { count: 1000, distribution },
        ops: { insert: { weight: 1 } },
      });
      return [...workload(spec, 4).ops(0, 0, n)].map((op) => Number((op as { pk: string }).pk.slice(1)));
    };
    const hot = keysOf({ kind: 'hotSet', hotCount: 1, hotProbability: 0.9, rotateEvery: 1000 });
    expect(hot.slice(0, 1000).filter((p) => p === 0).length).toBeGreaterThan(850);
    expect(hot.slice(1000, 2000).filter((p) => p === 1).length).toBeGreaterThan(850);
    expect(keysOf({ kind: 'sequential' }).slice(998, 1002)).toEqual([998, 999, 0, 1]);
    const latest = keysOf({ kind: 'latest' });
    const recent = latest.filter((p, k) => (k - p + 1000) % 1000 < 10).length;
    expect(recent / latest.length).toBeGreaterThan(0.3);
  });

  it('rejects bad seeds, streams and indexes, naming them', () => {
    expect(() => workload(mixed, -3)).toThrow(HarnessArgumentError);
    expect(() => workload(mixed, 1).op(0, 1.5)).toThrow(
      /op index must be a non-negative safe integer \(0 … 9007199254740991\), got 1.5/,
    );
    expect(() => workload(mixed, 1).op(-1, 0)).toThrow(/stream .* got -1/);
  });
});
