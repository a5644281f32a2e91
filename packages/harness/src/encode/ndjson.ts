import * as v from 'valibot';
import { describeValue, HarnessArgumentError } from '../errors.js';
import { labelArgument, specArgument, stringArgument } from '../generator/api-arguments.js';
import { type CellValue, type ClusteringRange, OP_KINDS, type Op, type Value } from '../generator/ops.js';
import type { WorkloadSpec } from '../generator/spec.js';

/**
 * NDJSON for ops: one op per line, keys in a fixed order, int64 clustering values as decimal strings (JSON has no
 * 64-bit integers). Written by hand rather than through `JSON.stringify` with a replacer: the replacer path cost
 * half the NDJSON throughput, and a fixed key order keeps files byte-identical across runs.
 */

const str = JSON.stringify;

/**
 * A string as JSON. Generated strings (`p12`, `v123`, `c05`, column names) never need escaping, and checking that
 * is cheaper than `JSON.stringify` (which was most of `encodeOp`'s time in a CPU profile of specs/mixed); anything
 * `JSON.stringify` would escape — `"`, `\\`, control characters, surrogates — goes through it, so output is identical.
 */
function quote(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x5c || (c >= 0xd800 && c <= 0xdfff)) return str(s);
  }
  return `"${s}"`;
}

/**
 * A non-negative safe integer in decimal, exactly as `String(x)` prints it. Above 2^30 a JS number is a heap double
 * (not a small integer), and V8 prints those through its double-to-string path: 327 ns each against 143 ns for
 * the two small-integer halves below (node 20, `/tmp` microbenchmark, load 13). That is why NDJSON at direct
 * indexes up to 2^40 — where k, ts and ldt are all ~10^12 — measured 70% slower than the sequential stream (whose
 * small k keeps them small integers), while the op objects themselves cost the same.
 */
function int(x: number): string {
  if (x < 0x40000000 || !Number.isSafeInteger(x)) return `${x}`;
  const hi = Math.floor(x / 1e9);
  const lo = x - hi * 1e9;
  return lo >= 1e8 ? `${hi}${lo}` : `${hi}${`${lo}`.padStart(9, '0')}`;
}

/** A number as JSON: `JSON.stringify`'s output (integers and finite numbers print as `String` does). */
function num(x: number): string {
  return Number.isFinite(x) ? int(x) : 'null';
}

function value(x: Value): string {
  return typeof x === 'bigint' ? `"${x}"` : typeof x === 'number' ? num(x) : quote(x);
}

function values(xs: readonly Value[]): string {
  let out = '[';
  for (let i = 0; i < xs.length; i++) out += (i === 0 ? '' : ',') + value(xs[i]!);
  return `${out}]`;
}

function strings(xs: readonly string[]): string {
  let out = '[';
  for (let i = 0; i < xs.length; i++) out += (i === 0 ? '' : ',') + quote(xs[i]!);
  return `${out}]`;
}

/** Cell values in `JSON.stringify`'s key order (`for … in`: integer-like keys first, then insertion order). */
function cellsJson(record: Readonly<Record<string, CellValue>>): string {
  let out = '{';
  for (const name in record) {
    const x: unknown = record[name];
    let text: string;
    if (typeof x === 'string') text = quote(x);
    else if (typeof x === 'number') text = num(x);
    else return str(record); // not a cell value: leave every detail of it to JSON.stringify
    out += `${out.length === 1 ? '' : ','}${quote(name)}:${text}`;
  }
  return `${out}}`;
}

function range(r: ClusteringRange): string {
  const bound = (b: ClusteringRange['lower']) =>
    b === null ? 'null' : `{"value":${value(b.value)},"inclusive":${b.inclusive}}`;
  return `{"prefix":${values(r.prefix)},"lower":${bound(r.lower)},"upper":${bound(r.upper)}}`;
}

/**
 * One op as one NDJSON line (without the newline); the op's shape is checked first (a null, `{}` or a misspelled
 * field is an error, not `""` or `"undefined"`).
 * @throws HarnessArgumentError naming the bad field and value.
 */
export function encodeOp(op: Op): string {
  return opLine(checkOp(op, 'encodeOp'));
}

/**
 * `op` if its shape is an op's (what {@link encodeOp} checks), for API functions taking an op from JavaScript.
 * @throws HarnessArgumentError `where: field: expected …, got …`.
 */
export function checkOp(op: unknown, where: string): Op {
  const result = v.safeParse(EncodableOpSchema, op);
  if (!result.success) throw new HarnessArgumentError(`${where}: ${issueText(result.issues[0])}`);
  return op as Op;
}

/** {@link encodeOp} without the shape check, for ops the generator made (the CLI's hot path). */
export function opLine(op: Op): string {
  const head = `{"k":${int(op.k)},"kind":"${op.kind}"`;
  switch (op.kind) {
    case 'insert':
    case 'update':
      return `${head},"pk":${quote(op.pk)},"ck":${values(op.ck)},"values":${cellsJson(op.values)},"ts":${int(op.ts)}}`;
    case 'deleteRow':
      return `${head},"pk":${quote(op.pk)},"ck":${values(op.ck)},"ts":${int(op.ts)},"ldt":${int(op.ldt)}}`;
    case 'deleteColumns':
      return `${head},"pk":${quote(op.pk)},"ck":${values(op.ck)},"columns":${strings(op.columns)},"ts":${int(op.ts)},"ldt":${int(op.ldt)}}`;
    case 'deleteRange':
      return `${head},"pk":${quote(op.pk)},"range":${range(op.range)},"ts":${int(op.ts)},"ldt":${int(op.ldt)}}`;
    case 'deletePartition':
      return `${head},"pk":${quote(op.pk)},"ts":${int(op.ts)},"ldt":${int(op.ldt)}}`;
    case 'readPartition':
      return `${head},"pk":${quote(op.pk)},"reversed":${op.reversed}}`;
    case 'readRow':
      return `${head},"pk":${quote(op.pk)},"ck":${values(op.ck)}}`;
    case 'readSlice':
      return `${head},"pk":${quote(op.pk)},"range":${range(op.range)},"reversed":${op.reversed}}`;
    case 'flush':
      return `${head}}`;
    case 'compact':
      return `${head},"scope":"${op.scope}","now":${int(op.now)}}`;
  }
}

const index = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
const timestamp = v.pipe(v.number(), v.safeInteger());
const pk = v.pipe(v.string(), v.minLength(1));
const cells = v.record(v.string(), v.union([v.string(), v.pipe(v.number(), v.safeInteger(), v.minValue(0))]));

/** The op shapes, over a clustering value schema: JSON's (number, string) to decode, with bigint to encode. */
const opSchema = (rawValue: v.GenericSchema<Value>) => {
  const bound = v.nullable(v.strictObject({ value: rawValue, inclusive: v.boolean() }));
  const rangeSchema = v.strictObject({ prefix: v.array(rawValue), lower: bound, upper: bound });
  const ck = v.array(rawValue);
  return v.variant(
    'kind',
    [
      v.strictObject({
        k: index,
        kind: v.picklist(['insert', 'update']),
        pk,
        ck,
        values: cells,
        ts: timestamp,
      }),
      v.strictObject({ k: index, kind: v.literal('deleteRow'), pk, ck, ts: timestamp, ldt: index }),
      v.strictObject({
        k: index,
        kind: v.literal('deleteColumns'),
        pk,
        ck,
        columns: v.pipe(v.array(v.string()), v.minLength(1)),
        ts: timestamp,
        ldt: index,
      }),
      v.strictObject({
        k: index,
        kind: v.literal('deleteRange'),
        pk,
        range: rangeSchema,
        ts: timestamp,
        ldt: index,
      }),
      v.strictObject({ k: index, kind: v.literal('deletePartition'), pk, ts: timestamp, ldt: index }),
      v.strictObject({ k: index, kind: v.literal('readPartition'), pk, reversed: v.boolean() }),
      v.strictObject({ k: index, kind: v.literal('readRow'), pk, ck }),
      v.strictObject({
        k: index,
        kind: v.literal('readSlice'),
        pk,
        range: rangeSchema,
        reversed: v.boolean(),
      }),
      v.strictObject({ k: index, kind: v.literal('flush') }),
      v.strictObject({
        k: index,
        kind: v.literal('compact'),
        scope: v.picklist(['all', 'oldest', 'newest']),
        now: index,
      }),
    ],
    (issue) =>
      `expected an op with a kind of ${OP_KINDS.join(', ')}, got ${describeValue((issue.input as { kind?: unknown } | null)?.kind ?? issue.input)}`,
  );
};

const OpSchema = opSchema(v.union([v.number(), v.string()]));
const EncodableOpSchema = opSchema(v.union([v.number(), v.string(), v.bigint()]));

/** A valibot issue as `path: expected …, got …` (valibot's own wording is not shown). */
function issueText(issue: v.BaseIssue<unknown>): string {
  const path = (issue.path ?? []).map((p) => String(p.key)).join('.') || '(op)';
  if (issue.message.includes(', got ')) return `${path}: ${issue.message}`;
  return `${path}: expected ${issue.expected ?? 'a valid value'}, got ${describeValue(issue.input)}`;
}

/**
 * Decodes one NDJSON op line for a spec's schema: shapes are validated, int64 values turned back into bigints, and
 * clustering values checked against their columns' types.
 * @param where named in errors, e.g. `replay.ndjson:12`.
 * @throws HarnessArgumentError naming the line and the bad value.
 */
export function decodeOp(line: string, spec: WorkloadSpec, where = 'decodeOp'): Op {
  labelArgument(where, 'decodeOp', 'where', '');
  stringArgument(line, 'decodeOp', 'line');
  const checked = specArgument(spec, 'decodeOp');
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch (error) {
    throw new HarnessArgumentError(`${where}: not JSON (${(error as Error).message})`);
  }
  const result = v.safeParse(OpSchema, raw);
  if (!result.success) throw new HarnessArgumentError(`${where}: ${issueText(result.issues[0])}`);
  return convertOp(result.output as unknown as Op, checked, where);
}

function convertOp(op: Op, spec: WorkloadSpec, where: string): Op {
  const columns = spec.schema.clustering;
  const convert = (x: Value, j: number, what: string): Value => {
    const column = columns[j];
    if (column === undefined)
      throw new HarnessArgumentError(`${where}: ${what} has more values than clustering columns`);
    if (column.type === 'int64') {
      if (typeof x === 'string' && /^-?[0-9]{1,19}$/.test(x)) return BigInt(x);
      throw new HarnessArgumentError(
        `${where}: ${what}: expected an int64 as a decimal string, got ${describeValue(x)}`,
      );
    }
    const ok = column.type === 'int32' ? Number.isInteger(x) : typeof x === 'string';
    if (!ok)
      throw new HarnessArgumentError(
        `${where}: ${what}: expected a ${column.type} value, got ${describeValue(x)}`,
      );
    return x;
  };
  const full = (ck: readonly Value[]) => {
    if (ck.length !== columns.length)
      throw new HarnessArgumentError(
        `${where}: ck: expected ${columns.length} values, got ${describeValue(ck)}`,
      );
    return ck.map((x, j) => convert(x, j, `ck.${j}`));
  };
  const range = (r: ClusteringRange): ClusteringRange => {
    const depth = r.prefix.length;
    const bound = (b: ClusteringRange['lower'], side: string) =>
      b === null ? null : { value: convert(b.value, depth, `range.${side}`), inclusive: b.inclusive };
    if (r.lower === null && r.upper === null && depth === 0)
      throw new HarnessArgumentError(`${where}: range: expected at least one bound or a prefix`);
    return {
      prefix: r.prefix.map((x, j) => convert(x, j, `range.prefix.${j}`)),
      lower: bound(r.lower, 'lower'),
      upper: bound(r.upper, 'upper'),
    };
  };
  const regular = new Map(spec.schema.columns.map((c) => [c.name, c.type]));
  const cellsOf = (values: Readonly<Record<string, unknown>>) => {
    for (const [name, x] of Object.entries(values)) {
      const type = regular.get(name);
      if (type === undefined)
        throw new HarnessArgumentError(`${where}: values.${name}: not a regular column of the schema`);
      if ((type === 'int') !== (typeof x === 'number'))
        throw new HarnessArgumentError(
          `${where}: values.${name}: expected a ${type} value, got ${describeValue(x)}`,
        );
    }
  };
  switch (op.kind) {
    case 'insert':
    case 'update':
      cellsOf(op.values);
      return { ...op, ck: full(op.ck) };
    case 'deleteColumns':
      op.columns.forEach((name, i) => {
        if (!regular.has(name))
          throw new HarnessArgumentError(
            `${where}: columns: ${describeValue(name)} is not a regular column of the schema`,
          );
        if (op.columns.indexOf(name) !== i)
          throw new HarnessArgumentError(`${where}: columns: ${describeValue(name)} is listed twice`);
      });
      return { ...op, ck: full(op.ck) };
    case 'deleteRow':
    case 'readRow':
      return { ...op, ck: full(op.ck) };
    case 'deleteRange':
    case 'readSlice':
      return { ...op, range: range(op.range) };
    default:
      return op;
  }
}
