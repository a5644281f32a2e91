import * as v from 'valibot';
import { describeValue, HarnessArgumentError } from './errors.js';
import type { ClusteringRange, Op, Value } from './ops.js';
import type { WorkloadSpec } from './spec.js';

/**
 * NDJSON for ops: one op per line, keys in a fixed order, int64 clustering values as decimal strings (JSON has no
 * 64-bit integers). Written by hand rather than through `JSON.stringify` with a replacer: the replacer path cost
 * half the NDJSON throughput, and a fixed key order keeps files byte-identical across runs.
 */

const str = JSON.stringify;

function value(x: Value): string {
  return typeof x === 'bigint' ? `"${x}"` : str(x);
}

function values(xs: readonly Value[]): string {
  let out = '[';
  for (let i = 0; i < xs.length; i++) out += (i === 0 ? '' : ',') + value(xs[i]!);
  return `${out}]`;
}

function range(r: ClusteringRange): string {
  const bound = (b: ClusteringRange['lower']) =>
    b === null ? 'null' : `{"value":${value(b.value)},"inclusive":${b.inclusive}}`;
  return `{"prefix":${values(r.prefix)},"lower":${bound(r.lower)},"upper":${bound(r.upper)}}`;
}

/** One op as one NDJSON line (without the newline). */
export function encodeOp(op: Op): string {
  const head = `{"k":${op.k},"kind":"${op.kind}"`;
  switch (op.kind) {
    case 'insert':
    case 'update':
      return `${head},"pk":${str(op.pk)},"ck":${values(op.ck)},"values":${str(op.values)},"ts":${op.ts}}`;
    case 'deleteRow':
      return `${head},"pk":${str(op.pk)},"ck":${values(op.ck)},"ts":${op.ts},"ldt":${op.ldt}}`;
    case 'deleteColumns':
      return `${head},"pk":${str(op.pk)},"ck":${values(op.ck)},"columns":${str(op.columns)},"ts":${op.ts},"ldt":${op.ldt}}`;
    case 'deleteRange':
      return `${head},"pk":${str(op.pk)},"range":${range(op.range)},"ts":${op.ts},"ldt":${op.ldt}}`;
    case 'deletePartition':
      return `${head},"pk":${str(op.pk)},"ts":${op.ts},"ldt":${op.ldt}}`;
    case 'readPartition':
      return `${head},"pk":${str(op.pk)},"reversed":${op.reversed}}`;
    case 'readRow':
      return `${head},"pk":${str(op.pk)},"ck":${values(op.ck)}}`;
    case 'readSlice':
      return `${head},"pk":${str(op.pk)},"range":${range(op.range)},"reversed":${op.reversed}}`;
    case 'flush':
      return `${head}}`;
    case 'compact':
      return `${head},"scope":"${op.scope}","now":${op.now}}`;
  }
}

const index = v.pipe(v.number(), v.safeInteger(), v.minValue(0));
const timestamp = v.pipe(v.number(), v.safeInteger());
const pk = v.pipe(v.string(), v.minLength(1));
const rawValue = v.union([v.number(), v.string()]);
const cells = v.record(v.string(), v.union([v.string(), v.pipe(v.number(), v.safeInteger(), v.minValue(0))]));
const bound = v.nullable(v.strictObject({ value: rawValue, inclusive: v.boolean() }));
const rangeSchema = v.strictObject({ prefix: v.array(rawValue), lower: bound, upper: bound });
const ck = v.array(rawValue);

const OpSchema = v.variant('kind', [
  v.strictObject({ k: index, kind: v.picklist(['insert', 'update']), pk, ck, values: cells, ts: timestamp }),
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
  v.strictObject({ k: index, kind: v.literal('readSlice'), pk, range: rangeSchema, reversed: v.boolean() }),
  v.strictObject({ k: index, kind: v.literal('flush') }),
  v.strictObject({
    k: index,
    kind: v.literal('compact'),
    scope: v.picklist(['all', 'oldest', 'newest']),
    now: index,
  }),
]);

/**
 * Decodes one NDJSON op line for a spec's schema: shapes are validated, int64 values turned back into bigints, and
 * clustering values checked against their columns' types.
 * @param where named in errors, e.g. `replay.ndjson:12`.
 * @throws HarnessArgumentError naming the line and the bad value.
 */
export function decodeOp(line: string, spec: WorkloadSpec, where: string): Op {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch (error) {
    throw new HarnessArgumentError(`${where}: not JSON (${(error as Error).message})`);
  }
  const result = v.safeParse(OpSchema, raw);
  if (!result.success) {
    const issue = result.issues[0];
    const path = (issue.path ?? []).map((p) => String(p.key)).join('.') || '(op)';
    throw new HarnessArgumentError(
      `${where}: ${path}: ${issue.message.replace(/^Invalid /, 'invalid ')} (got ${describeValue(issue.input)})`,
    );
  }
  return convertOp(result.output as unknown as Op, spec, where);
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
      for (const name of op.columns)
        if (!regular.has(name))
          throw new HarnessArgumentError(
            `${where}: columns: ${describeValue(name)} is not a regular column of the schema`,
          );
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
