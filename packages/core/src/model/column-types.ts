/**
 * Clustering column types. Each type knows how to recognise its JS values, order them exactly as Cassandra orders
 * the serialized bytes, and report their serialized size. Values are plain JS values so a clustering can be written
 * as a literal array (`[5]`, `['a', 3n]`).
 */

import { describeValue, InvalidClusteringValueError } from '../errors.js';

/** A clustering component. `null` is allowed for every column and sorts before any non-null value. */
export type ClusteringValue = number | bigint | string | boolean | Uint8Array | null;

/** A column type: validation, Cassandra ordering and serialized size of its (non-null) values. */
export interface ColumnType {
  /** Stable name, e.g. `int32`, `reversed(text)`; two comparators are compatible iff their type names match. */
  readonly name: string;
  /** What a value must look like, for error messages. */
  readonly expected: string;
  /** True for `types.reversed(t)`. */
  readonly isReversed: boolean;
  /** Whether `value` (non-null) is a legal value of this type. */
  accepts(value: unknown): boolean;
  /** Sign of the comparison of two accepted non-null values. */
  compare(a: ClusteringValue, b: ClusteringValue): number;
  /** Serialized byte length of an accepted non-null value. */
  dataSize(value: ClusteringValue): number;
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function numberCompare(a: ClusteringValue, b: ClusteringValue): number {
  return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
}

/** Java's Double.compare: -0.0 < 0.0, and NaN is equal to itself and greater than everything else. */
function doubleCompare(a: ClusteringValue, b: ClusteringValue): number {
  const x = a as number;
  const y = b as number;
  if (x < y) return -1;
  if (x > y) return 1;
  if (x === y) {
    if (x !== 0) return 0;
    const nx = Object.is(x, -0);
    const ny = Object.is(y, -0);
    return nx === ny ? 0 : nx ? -1 : 1;
  }
  const xn = Number.isNaN(x);
  const yn = Number.isNaN(y);
  return xn === yn ? 0 : xn ? 1 : -1;
}

/**
 * UTF-8 byte order equals Unicode code point order, which differs from JS's UTF-16 code unit order only where a
 * surrogate meets a unit in U+E000..U+FFFF. Remapping units so surrogates sort above that block yields code point
 * order without encoding the strings (both strings are well-formed, checked on entry).
 */
function utf8Compare(a: ClusteringValue, b: ClusteringValue): number {
  const x = a as string;
  const y = b as string;
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) {
    let cx = x.charCodeAt(i);
    let cy = y.charCodeAt(i);
    if (cx === cy) continue;
    if (cx >= 0xd800) cx += cx <= 0xdfff ? 0x2000 : -0x800;
    if (cy >= 0xd800) cy += cy <= 0xdfff ? 0x2000 : -0x800;
    return cx < cy ? -1 : 1;
  }
  return x.length === y.length ? 0 : x.length < y.length ? -1 : 1;
}

function utf8Length(value: ClusteringValue): number {
  const s = value as string;
  let bytes = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

function bytesCompare(a: ClusteringValue, b: ClusteringValue): number {
  const x = a as Uint8Array;
  const y = b as Uint8Array;
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) {
    const d = (x[i] as number) - (y[i] as number);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return x.length === y.length ? 0 : x.length < y.length ? -1 : 1;
}

function uuidParts(value: ClusteringValue): { msb: bigint; lsb: bigint } {
  const hex = (value as string).replace(/-/g, '');
  return { msb: BigInt(`0x${hex.slice(0, 16)}`), lsb: BigInt(`0x${hex.slice(16)}`) };
}

/** The 60-bit v1 timestamp, reassembled from time_hi/time_mid/time_low so it orders chronologically. */
function v1Timestamp(msb: bigint): bigint {
  return ((msb & 0xfffn) << 48n) | (((msb >> 16n) & 0xffffn) << 32n) | (msb >> 32n);
}

/** Cassandra compares the low 64 bits of time-based UUIDs as signed bytes, i.e. as a sign-flipped unsigned value. */
function signedBytesOrder(lsb: bigint): bigint {
  return lsb ^ 0x8080808080808080n;
}

function sign(x: bigint): number {
  return x < 0n ? -1 : x > 0n ? 1 : 0;
}

/**
 * Cassandra's UUIDType order: version first, then v1 timestamps chronologically (else the raw msb), then the low 64
 * bits compared UNSIGNED — even for version-1 values (CASSANDRA-8730).
 */
function uuidCompare(a: ClusteringValue, b: ClusteringValue): number {
  const x = uuidParts(a);
  const y = uuidParts(b);
  const vx = Number((x.msb >> 12n) & 0xfn);
  const vy = Number((y.msb >> 12n) & 0xfn);
  if (vx !== vy) return vx < vy ? -1 : 1;
  const c = vx === 1 ? sign(v1Timestamp(x.msb) - v1Timestamp(y.msb)) : sign(x.msb - y.msb);
  return c !== 0 ? c : sign(x.lsb - y.lsb);
}

/** Cassandra's TimeUUIDType order: the v1 timestamp chronologically, then the low 64 bits as SIGNED bytes. */
function timeUuidCompare(a: ClusteringValue, b: ClusteringValue): number {
  const x = uuidParts(a);
  const y = uuidParts(b);
  const c = sign(v1Timestamp(x.msb) - v1Timestamp(y.msb));
  return c !== 0 ? c : sign(signedBytesOrder(x.lsb) - signedBytesOrder(y.lsb));
}

function isUuidString(value: unknown): boolean {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}

function make(
  name: string,
  expected: string,
  accepts: (v: unknown) => boolean,
  compare: (a: ClusteringValue, b: ClusteringValue) => number,
  dataSize: (v: ClusteringValue) => number,
): ColumnType {
  return Object.freeze({ name, expected, isReversed: false, accepts, compare, dataSize });
}

const int32 = make(
  'int32',
  'an integer number in [-2^31, 2^31 - 1]',
  (v) => typeof v === 'number' && Number.isInteger(v) && v >= -0x80000000 && v <= 0x7fffffff,
  numberCompare,
  () => 4,
);
const int64 = make(
  'int64',
  'a bigint in [-2^63, 2^63 - 1]',
  (v) => typeof v === 'bigint' && v >= INT64_MIN && v <= INT64_MAX,
  (a, b) => ((a as bigint) < (b as bigint) ? -1 : (a as bigint) > (b as bigint) ? 1 : 0),
  () => 8,
);
const double = make(
  'double',
  'a number',
  (v) => typeof v === 'number',
  doubleCompare,
  () => 8,
);
const text = make(
  'text',
  'a well-formed string (no lone surrogates)',
  (v) => typeof v === 'string' && !LONE_SURROGATE.test(v),
  utf8Compare,
  utf8Length,
);
const ascii = make(
  'ascii',
  'a string of US-ASCII characters',
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range deliberately includes control characters
  (v) => typeof v === 'string' && /^[\u0000-\u007f]*$/.test(v),
  utf8Compare,
  (v) => (v as string).length,
);
const blob = make(
  'blob',
  'a Uint8Array',
  (v) => v instanceof Uint8Array,
  bytesCompare,
  (v) => (v as Uint8Array).length,
);
const boolean = make(
  'boolean',
  'a boolean',
  (v) => typeof v === 'boolean',
  (a, b) => (a === b ? 0 : a ? 1 : -1),
  () => 1,
);
const uuid = make('uuid', 'a UUID string (8-4-4-4-12 hex digits)', isUuidString, uuidCompare, () => 16);
const timeuuid = make(
  'timeuuid',
  'a version-1 UUID string',
  (v) => isUuidString(v) && (v as string)[14] === '1',
  timeUuidCompare,
  () => 16,
);

/**
 * Whether `t` is a {@link ColumnType} (an object with the type's functions): the one test the comparator and
 * `types.reversed` apply to what JavaScript hands them.
 */
export function isColumnType(t: unknown): t is ColumnType {
  if (t === null || typeof t !== 'object') return false;
  const c = t as Partial<ColumnType>;
  return (
    typeof c.compare === 'function' && typeof c.accepts === 'function' && typeof c.dataSize === 'function'
  );
}

/**
 * `types.reversed(t)`: same values as `t`, opposite order (a `CLUSTERING ORDER BY … DESC` column).
 * @throws InvalidClusteringValueError unless `base` is a column type.
 */
function reversed(base: ColumnType): ColumnType {
  if (!isColumnType(base))
    throw new InvalidClusteringValueError(
      `types.reversed needs a column type (types.int32, …), got ${describeValue(base)}`,
    );
  return Object.freeze({
    name: `reversed(${base.name})`,
    expected: base.expected,
    isReversed: true,
    accepts: base.accepts,
    compare: (a: ClusteringValue, b: ClusteringValue) => base.compare(b, a),
    dataSize: base.dataSize,
  });
}

/** The built-in column types. */
export const types = Object.freeze({
  int32,
  int64,
  double,
  text,
  ascii,
  blob,
  boolean,
  uuid,
  timeuuid,
  reversed,
});
