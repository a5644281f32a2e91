/**
 * Parity with Apache Cassandra (trunk) marshal types: the order Cassandra gives serialized clustering values
 * (UUIDType, TimeUUIDType, DoubleType, LongType, Int32Type, BooleanType, BytesType, UTF8Type, AsciiType). Oracles here
 * read bytes the way the Cassandra sources do and are written independently of the port's implementation.
 * UUIDType's low-half rule is deliberately absent: see cassandra-parity-discrepancies.test.ts.txt.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ClusteringBound } from '../model/clustering-bound.js';
import { ClusteringComparator } from '../model/clustering-comparator.js';
import { types } from '../model/column-types.js';
import { Slice } from '../model/slice.js';

const B = ClusteringBound;

/** Parses an 8-4-4-4-12 UUID into its 16 bytes. */
function uuidBytes(u: string): Uint8Array {
  return Uint8Array.from(Buffer.from(u.replace(/-/g, ''), 'hex'));
}
function uuidOf(bytes: Uint8Array): string {
  const h = Buffer.from(bytes).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
/** Byte-level reading of UUIDType/TimeUUIDType for the high half: version nibble, then v1 time fields or raw bytes. */
function msbOrder(a: Uint8Array, b: Uint8Array): number {
  const va = (a[6] as number) >> 4;
  const vb = (b[6] as number) >> 4;
  if (va !== vb) return Math.sign(va - vb);
  // v1: time_hi (low nibble of byte 6, byte 7), time_mid (bytes 4-5), time_low (bytes 0-3); each unsigned.
  const order = va === 1 ? [6, 7, 4, 5, 0, 1, 2, 3] : [0, 1, 2, 3, 4, 5, 6, 7];
  for (const i of order) {
    const x = i === 6 ? (a[6] as number) & 0xf : (a[i] as number);
    const y = i === 6 ? (b[6] as number) & 0xf : (b[i] as number);
    if (x !== y) return Math.sign(x - y);
  }
  return 0;
}
/** TimeUUIDType's low half: bytes 8..15 compared as SIGNED bytes (AbstractTimeUUIDType.signedBytesToNativeLong). */
function signedLsbOrder(a: Uint8Array, b: Uint8Array): number {
  for (let i = 8; i < 16; i++) {
    const x = ((a[i] as number) << 24) >> 24;
    const y = ((b[i] as number) << 24) >> 24;
    if (x !== y) return Math.sign(x - y);
  }
  return 0;
}

describe('UUIDType / TimeUUIDType ordering (marshal/UUIDType.java, marshal/AbstractTimeUUIDType.java)', () => {
  it('uuid: version nibble first, whatever the other bits say', () => {
    const v1Late = 'ffffffff-ffff-1fff-bfff-ffffffffffff';
    const v2Early = '00000000-0000-2000-8000-000000000000';
    const nil = '00000000-0000-0000-0000-000000000000';
    expect(types.uuid.compare(v1Late, v2Early)).toBe(-1);
    expect(types.uuid.compare(nil, '00000000-0000-1000-8000-000000000000')).toBe(-1);
    expect(
      types.uuid.compare('00000000-0000-f000-0000-000000000000', 'ffffffff-ffff-4fff-ffff-ffffffffffff'),
    ).toBe(1);
  });

  it('uuid and timeuuid: v1 values order by timestamp (time_hi, then time_mid, then time_low)', () => {
    for (const t of [types.uuid, types.timeuuid]) {
      // time_mid beats time_low; time_hi beats time_mid.
      expect(t.compare('ffffffff-0000-1000-8000-000000000000', '00000000-0001-1000-8000-000000000000')).toBe(
        -1,
      );
      expect(t.compare('ffffffff-ffff-1000-8000-000000000000', '00000000-0000-1001-8000-000000000000')).toBe(
        -1,
      );
      expect(t.compare('00000001-0000-1000-8000-000000000000', '00000000-0000-1000-8000-000000000000')).toBe(
        1,
      );
    }
  });

  it('uuid: non-time versions compare the high 64 bits as unsigned', () => {
    expect(
      types.uuid.compare('80000000-0000-4000-8000-000000000000', '7fffffff-ffff-4fff-8000-000000000000'),
    ).toBe(1);
    expect(
      types.uuid.compare('00000000-0001-4000-8000-000000000000', '00000000-0000-4fff-8000-000000000000'),
    ).toBe(1);
  });

  it('timeuuid: equal timestamps fall back to the low 64 bits as signed bytes', () => {
    const t = types.timeuuid;
    // Byte 8: 0x7f (127) > 0x80 (-128) when signed.
    expect(t.compare('00000000-0000-1000-7f00-000000000000', '00000000-0000-1000-8000-000000000000')).toBe(1);
    // Byte 9 (clock_seq_low) and node bytes: 0x80 (-128) < 0x7f.
    expect(t.compare('00000000-0000-1000-8080-000000000000', '00000000-0000-1000-807f-000000000000')).toBe(
      -1,
    );
    expect(t.compare('00000000-0000-1000-8000-0000000000ff', '00000000-0000-1000-8000-000000000001')).toBe(
      -1,
    );
    expect(t.compare('00000000-0000-1000-8000-000000000001', '00000000-0000-1000-8000-000000000001')).toBe(0);
  });

  it('timeuuid (property): the full order matches the byte-level reading of Cassandra', () => {
    const v1 = fc.uint8Array({ minLength: 16, maxLength: 16 }).map((b) => {
      const c = Uint8Array.from(b);
      c[6] = 0x10 | ((c[6] as number) & 0x0f);
      return c;
    });
    fc.assert(
      fc.property(v1, v1, fc.boolean(), (a, b0, sameTime) => {
        const b = Uint8Array.from(b0);
        if (sameTime) b.set(a.subarray(0, 8));
        const want = msbOrder(a, b) || signedLsbOrder(a, b);
        expect(types.timeuuid.compare(uuidOf(a), uuidOf(b))).toBe(want);
      }),
      { numRuns: 2000 },
    );
  });

  it('uuid (property): the high half and the version follow the byte-level reading of Cassandra', () => {
    const bytes = fc.uint8Array({ minLength: 16, maxLength: 16 });
    fc.assert(
      fc.property(bytes, bytes, fc.boolean(), (a, b0, sameVersion) => {
        const b = Uint8Array.from(b0);
        b.set(a.subarray(8), 8); // equal low halves: the signed/unsigned question does not arise here
        if (sameVersion) b[6] = ((a[6] as number) & 0xf0) | ((b[6] as number) & 0x0f);
        expect(types.uuid.compare(uuidOf(a), uuidOf(b))).toBe(msbOrder(a, b));
      }),
      { numRuns: 2000 },
    );
    expect(uuidOf(uuidBytes('0123abcd-4567-89ab-cdef-0123456789ab'))).toBe(
      '0123abcd-4567-89ab-cdef-0123456789ab',
    );
  });
});

/** Java's Double.compare as a total order on canonical bit patterns (all NaNs collapse to one). */
function javaDoubleCompare(a: number, b: number): number {
  const key = (x: number) => {
    const view = new DataView(new ArrayBuffer(8));
    view.setFloat64(0, Number.isNaN(x) ? Number.NaN : x);
    const bits = view.getBigUint64(0);
    return bits >> 63n === 1n ? ~bits & 0xffffffffffffffffn : bits | (1n << 63n);
  };
  const x = key(a);
  const y = key(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

describe('DoubleType (compareComposed → Double.compareTo)', () => {
  it('total order: -Inf < -MAX < -MIN < -0 < 0 < MIN < MAX < Inf < NaN, NaN == NaN', () => {
    const want = [
      Number.NEGATIVE_INFINITY,
      -Number.MAX_VALUE,
      -1,
      -Number.MIN_VALUE,
      -0,
      0,
      Number.MIN_VALUE,
      1,
      Number.MAX_VALUE,
      Number.POSITIVE_INFINITY,
      Number.NaN,
    ];
    const shuffled = [
      want[5],
      want[10],
      want[4],
      want[0],
      want[8],
      want[3],
      want[6],
      want[9],
      want[1],
      want[7],
      want[2],
    ];
    const sorted = (shuffled as number[]).sort((a, b) => types.double.compare(a, b));
    expect(sorted.map((x) => (Object.is(x, -0) ? '-0' : String(x)))).toEqual(
      want.map((x) => (Object.is(x, -0) ? '-0' : String(x))),
    );
    expect(types.double.compare(Number.NaN, Number.NaN)).toBe(0);
    expect(types.double.compare(0, -0)).toBe(1);
  });

  it('(property) agrees with Java Double.compare', () => {
    fc.assert(
      fc.property(fc.double(), fc.double(), (a, b) => {
        expect(types.double.compare(a, b)).toBe(javaDoubleCompare(a, b));
      }),
      { numRuns: 3000 },
    );
  });

  it('-0 and 0 are distinct clusterings, so a range on one does not cover the other', () => {
    const d = new ClusteringComparator([types.double]);
    const zeroOnly = Slice.make(B.inclusiveStart(0), B.inclusiveEnd(0));
    expect(zeroOnly.includes(d, [-0])).toBe(false);
    expect(zeroOnly.includes(d, [0])).toBe(true);
    const nanUp = Slice.make(B.exclusiveStart(Number.POSITIVE_INFINITY), B.TOP);
    expect(nanUp.includes(d, [Number.NaN])).toBe(true);
    expect(nanUp.includes(d, [Number.MAX_VALUE])).toBe(false);
  });
});

describe('LongType / Int32Type / BooleanType / BytesType orderings', () => {
  it('int64 extremes order as signed 64-bit values', () => {
    const min = -(2n ** 63n);
    const max = 2n ** 63n - 1n;
    const values = [max, 0n, min + 1n, -1n, min, max - 1n, 1n];
    expect([...values].sort((a, b) => types.int64.compare(a, b))).toEqual([
      min,
      min + 1n,
      -1n,
      0n,
      1n,
      max - 1n,
      max,
    ]);
    const c = new ClusteringComparator([types.int64]);
    expect(c.compare(B.inclusiveStart(min), [min])).toBe(-1);
    expect(c.compare(B.exclusiveStart(max), [max])).toBe(1);
    expect(c.compare(B.exclusiveStart(max), B.TOP)).toBe(-1);
    expect(types.int64.accepts(min - 1n)).toBe(false);
    expect(types.int64.dataSize(min)).toBe(8);
  });

  it('int32 extremes order as signed 32-bit values', () => {
    expect(types.int32.compare(-(2 ** 31), 2 ** 31 - 1)).toBe(-1);
    expect(types.int32.compare(-1, 0)).toBe(-1);
  });

  it('boolean: false < true', () => {
    const c = new ClusteringComparator([types.boolean]);
    expect(c.compare([false], [true])).toBe(-1);
    expect(c.compare(B.inclusiveEnd(false), [true])).toBe(-1);
    expect(c.compare(B.exclusiveStart(false), [true])).toBe(-1);
    expect(c.compare(B.exclusiveStart(true), [true])).toBe(1);
  });

  it('blob: unsigned lexicographic bytes, shorter prefix first, empty first', () => {
    const u = (...b: number[]) => Uint8Array.from(b);
    expect(types.blob.compare(u(), u(0))).toBe(-1);
    expect(types.blob.compare(u(0xff), u(0x00, 0xff))).toBe(1);
    expect(types.blob.compare(u(1, 2), u(1, 2, 0))).toBe(-1);
    expect(types.blob.compare(u(1, 2), u(1, 2))).toBe(0);
  });
});

describe('UTF8Type / AsciiType: byte order of the UTF-8 encoding (ComparisonType.BYTE_ORDER)', () => {
  const utf8 = (a: string, b: string) =>
    Math.sign(Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')));

  it('surrogate pairs sort by code point, above every BMP character', () => {
    const cases: [string, string][] = [
      ['\u{1F600}', '\u{1F601}'],
      ['\u{10FFFF}', '\u{10000}'],
      ['\uD7FF', '\u{10000}'],
      ['\uFFFD', '\u{1F600}'],
      ['a\u{10000}', 'a\uFFFF'],
      ['a\u{10000}b', 'a\u{10000}'],
      ['\u{1F600}', '\u{1F600}'],
      ['', '\u0000'],
      ['\u007F', '\u0080'],
    ];
    for (const [a, b] of cases) {
      expect(types.text.compare(a, b), `${JSON.stringify(a)} vs ${JSON.stringify(b)}`).toBe(utf8(a, b));
    }
    expect(types.text.dataSize('\u{10FFFF}\u0080a')).toBe(4 + 2 + 1);
  });

  it('(property) text order equals Buffer.compare of the UTF-8 bytes', () => {
    const s = fc.string({ unit: 'binary', maxLength: 6 }).filter((x) => types.text.accepts(x));
    fc.assert(
      fc.property(s, s, (a, b) => {
        expect(types.text.compare(a, b)).toBe(utf8(a, b));
        expect(types.text.dataSize(a)).toBe(Buffer.byteLength(a, 'utf8'));
      }),
      { numRuns: 3000 },
    );
  });

  it('(property) ascii order equals byte order', () => {
    const s = fc.string({ unit: 'binary-ascii', maxLength: 6 });
    fc.assert(
      fc.property(s, s, (a, b) => {
        expect(types.ascii.compare(a, b)).toBe(utf8(a, b));
      }),
      { numRuns: 1000 },
    );
  });
});
