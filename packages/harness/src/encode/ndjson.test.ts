import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HarnessArgumentError } from '../errors.js';
import { defineWorkload, parseWorkloadSpec } from '../generator/spec.js';
import { workload } from '../generator/workload.js';
import { decodeOp, encodeOp } from './ndjson.js';

const mixed = parseWorkloadSpec(
  JSON.parse(readFileSync(new URL('../../specs/mixed.json', import.meta.url), 'utf8')),
);
const wide = defineWorkload({
  schema: {
    clustering: [
      { name: 'a', type: 'int64', cardinality: 5 },
      { name: 'b', type: 'ascii', cardinality: 3 },
    ],
    columns: [{ name: 'v', type: 'int' }],
  },
  partitions: { count: 3 },
  ops: {
    insert: { weight: 1 },
    rangeDelete: { weight: 1, prefix: 0.5 },
    readSlice: { weight: 1 },
    compact: { weight: 1 },
  },
});

describe('NDJSON ops', () => {
  it('round-trips every generated op, bigints included, and matches JSON.stringify for plain ops', () => {
    for (const spec of [mixed, wide]) {
      for (const op of workload(spec, 3).ops(0, 0, 3000)) {
        const line = encodeOp(op);
        expect(decodeOp(line, spec, 'x')).toEqual(op);
        if (spec === mixed) expect(line).toBe(JSON.stringify(op));
      }
    }
    const op = [...workload(wide, 3).ops(0, 0, 50)].find((o) => o.kind === 'insert')!;
    expect(encodeOp(op)).toMatch(/"ck":\["-?\d+",/);
  });

  it('prints large integers (k, ts, ldt, values past 2^30, up to 2^53 − 1) exactly as JSON.stringify does', () => {
    const big = [
      2 ** 30,
      2 ** 30 + 7,
      1_000_000_000_000,
      1_000_000_000_001,
      1_099_511_627_775,
      2 ** 53 - 1,
      5e9 + 1,
    ];
    for (const [i, k] of big.entries()) {
      const op = { k, kind: 'insert', pk: 'p', ck: [k, 'c'], values: { v: k }, ts: k - i } as const;
      expect(encodeOp(op)).toBe(JSON.stringify(op));
      const del = { k, kind: 'deleteRow', pk: 'p', ck: [1], ts: -k, ldt: k } as const;
      expect(encodeOp(del)).toBe(JSON.stringify(del));
      const compact = { k, kind: 'compact', scope: 'all', now: k } as const;
      expect(encodeOp(compact)).toBe(JSON.stringify(compact));
    }
    // A clock that stands still keeps every local deletion time valid, so ops this late are in range.
    const still = parseWorkloadSpec({ ...JSON.parse(JSON.stringify(mixed)), clock: { secondsPerOp: 0 } });
    for (const k of [883_172_264_041, 2 ** 40 - 1]) {
      const op = workload(still, 42).op(0, k);
      expect(encodeOp(op)).toBe(JSON.stringify(op));
    }
  });

  it('escapes strings and orders cell keys exactly as JSON.stringify does', () => {
    const odd = ['a"b', 'back\\slash', 'tab\tnl\n', '\u0001', 'lone\ud800', 'pair\ud83d\ude00', 'ţ\u2028'];
    for (const text of odd) {
      const op = {
        k: 1,
        kind: 'insert',
        pk: text,
        ck: [text, 3],
        values: { z: text, 10: 5, [text]: -0, a: 7 },
        ts: 2,
      } as const;
      expect(encodeOp(op)).toBe(JSON.stringify(op));
      const cols = {
        k: 2,
        kind: 'deleteColumns',
        pk: 'p',
        ck: [1],
        columns: [text, 'v'],
        ts: 1,
        ldt: 1,
      } as const;
      expect(encodeOp(cols)).toBe(JSON.stringify(cols));
    }
  });

  it('names the line and the bad value', () => {
    const bad = (line: string) => () => decodeOp(line, wide, 'replay.ndjson:7');
    expect(bad('{')).toThrow(HarnessArgumentError);
    expect(bad('{')).toThrow(/^replay.ndjson:7: not JSON/);
    expect(bad('{"k":1,"kind":"explode"}')).toThrow(/replay.ndjson:7: kind: .*got "explode"/);
    expect(bad('{"k":-1,"kind":"flush"}')).toThrow(/k: .*got -1/);
    expect(bad('{"k":1,"kind":"flush","extra":1}')).toThrow(/extra/);
    expect(bad('{"k":1,"kind":"readRow","pk":"p0","ck":[3,"c0"]}')).toThrow(
      'replay.ndjson:7: ck.0: expected an int64 as a decimal string, got 3',
    );
    expect(bad('{"k":1,"kind":"readRow","pk":"p0","ck":["3"]}')).toThrow(/ck: expected 2 values/);
    expect(bad('{"k":1,"kind":"insert","pk":"p0","ck":["3","c0"],"values":{"w":1},"ts":1}')).toThrow(
      'values.w: not a regular column',
    );
    const cols = (columns: string) =>
      bad(`{"k":1,"kind":"deleteColumns","pk":"p0","ck":["3","c0"],"columns":${columns},"ts":1,"ldt":0}`);
    expect(cols('["w"]')).toThrow('replay.ndjson:7: columns: "w" is not a regular column of the schema');
    expect(cols('["v","v"]')).toThrow('replay.ndjson:7: columns: "v" is listed twice');
    expect(cols('[]')).toThrow(/columns/);
  });

  it('refuses what is not an op with a typed error naming it, never "" or a TypeError', () => {
    expect(() => encodeOp(null as never)).toThrow(HarnessArgumentError);
    expect(() => encodeOp({} as never)).toThrow(
      /encodeOp: kind: expected an op with a kind of insert, .*, got undefined/,
    );
    expect(() => encodeOp({ k: 1, kind: 'flush', extra: 1 } as never)).toThrow(/encodeOp: extra: /);
    expect(() => encodeOp({ k: 1, kind: 'deleteRow', pk: 'p', ck: [1], ts: 2 } as never)).toThrow(
      /encodeOp: ldt: expected .*, got undefined/,
    );
    expect(() => workload(null as never, 1)).toThrow(/\(spec\): expected an object, got null/);
  });
});
