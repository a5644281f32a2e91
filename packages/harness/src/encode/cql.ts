import { describeValue, HarnessArgumentError } from '../errors.js';
import { specArgument } from '../generator/api-arguments.js';
import type { ClusteringRange, Op, Value } from '../generator/ops.js';
import type { WorkloadSpec } from '../generator/spec.js';
import { checkOp } from './ndjson.js';

/**
 * CQL export: the schema as CREATE KEYSPACE / CREATE TABLE, and every op as the statement that does the same on a
 * real Cassandra or ScyllaDB cluster — writes and deletions `USING TIMESTAMP` so the history replays exactly, reads
 * as SELECTs, flush and compaction as the `nodetool` commands to run (CQL has none).
 */

type Schema = WorkloadSpec['schema'];

const CQL_TYPES: Readonly<Record<string, string>> = {
  int32: 'int',
  int64: 'bigint',
  text: 'text',
  ascii: 'ascii',
  int: 'int',
};

/**
 * Cassandra's reserved keywords (the CQL reference's list, lower-cased): a spec may name a column `order` or `key`
 * (its names are any lower-case identifier), and an unquoted reserved word is a syntax error on a real cluster.
 */
const RESERVED = new Set(
  (
    'add allow alter and apply asc authorize batch begin by columnfamily create default delete desc describe drop ' +
    'entries execute from full grant if in index infinity insert into is keyspace limit materialized mbean mbeans ' +
    'modify nan norecursive not null of on or order primary rename replace revoke schema select set table to token ' +
    'truncate unlogged unset update use using view where with'
  ).split(' '),
);

/** A name as CQL takes it: double-quoted when it is a reserved word (the spec's names are lower case, so exact). */
export function cqlName(name: string): string {
  return RESERVED.has(name) ? `"${name}"` : name;
}

/** A CQL literal: strings single-quoted with quotes doubled, numbers and bigints in decimal. */
export function cqlLiteral(value: Value): string {
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'bigint')
    throw new HarnessArgumentError(
      `cqlLiteral: value must be a string, number or bigint, got ${describeValue(value)}`,
    );
  return typeof value === 'string' ? `'${value.replaceAll("'", "''")}'` : String(value);
}

/** `CREATE KEYSPACE` and `CREATE TABLE` for the spec's schema (with its gc grace). */
export function cqlSchema(spec: WorkloadSpec): string {
  const checked = specArgument(spec, 'cqlSchema');
  const s = checked.schema;
  const columns = [
    `${cqlName(s.partitionKey)} text`,
    ...s.clustering.map((c) => `${cqlName(c.name)} ${CQL_TYPES[c.type]}`),
    ...s.columns.map((c) => `${cqlName(c.name)} ${CQL_TYPES[c.type]}`),
  ];
  const key = `PRIMARY KEY ((${cqlName(s.partitionKey)}), ${s.clustering.map((c) => cqlName(c.name)).join(', ')})`;
  const order = s.clustering.map((c) => `${cqlName(c.name)} ${c.reversed ? 'DESC' : 'ASC'}`).join(', ');
  return [
    `CREATE KEYSPACE IF NOT EXISTS ${cqlName(s.keyspace)} WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};`,
    `CREATE TABLE IF NOT EXISTS ${cqlName(s.keyspace)}.${cqlName(s.table)} (${columns.join(', ')}, ${key}) WITH CLUSTERING ORDER BY (${order}) AND gc_grace_seconds = ${checked.gcGraceSeconds};`,
  ].join('\n');
}

function rowWhere(s: Schema, pk: string, ck: readonly Value[]): string {
  return [
    `${cqlName(s.partitionKey)} = ${cqlLiteral(pk)}`,
    ...s.clustering.map((c, j) => `${cqlName(c.name)} = ${cqlLiteral(ck[j]!)}`),
  ].join(' AND ');
}

function rangeWhere(s: Schema, pk: string, range: ClusteringRange): string {
  const parts = [`${cqlName(s.partitionKey)} = ${cqlLiteral(pk)}`];
  for (let j = 0; j < range.prefix.length; j++) {
    parts.push(`${cqlName(s.clustering[j]!.name)} = ${cqlLiteral(range.prefix[j]!)}`);
  }
  const name = s.clustering[range.prefix.length]?.name;
  const column = name === undefined ? undefined : cqlName(name);
  if (range.lower)
    parts.push(`${column} ${range.lower.inclusive ? '>=' : '>'} ${cqlLiteral(range.lower.value)}`);
  if (range.upper)
    parts.push(`${column} ${range.upper.inclusive ? '<=' : '<'} ${cqlLiteral(range.upper.value)}`);
  return parts.join(' AND ');
}

function orderBy(s: Schema, reversed: boolean): string {
  if (!reversed) return '';
  // The reverse of the table's clustering order, column by column.
  return ` ORDER BY ${s.clustering.map((c) => `${cqlName(c.name)} ${c.reversed ? 'ASC' : 'DESC'}`).join(', ')}`;
}

/**
 * The CQL statement (or `-- nodetool …` comment) for one op.
 * @throws WorkloadSpecError for an invalid spec; HarnessArgumentError naming a bad op field.
 */
export function cqlStatement(spec: WorkloadSpec, op: Op): string {
  return cqlLine(specArgument(spec, 'cqlStatement'), checkOp(op, 'cqlStatement'));
}

/** {@link cqlStatement} without the argument checks, for ops the generator made (the CLI's hot path). */
export function cqlLine(spec: WorkloadSpec, op: Op): string {
  const s = spec.schema;
  const table = `${cqlName(s.keyspace)}.${cqlName(s.table)}`;
  switch (op.kind) {
    case 'insert': {
      const names = [s.partitionKey, ...s.clustering.map((c) => c.name), ...Object.keys(op.values)].map(
        cqlName,
      );
      const vals = [op.pk, ...op.ck, ...Object.values(op.values)].map(cqlLiteral);
      return `INSERT INTO ${table} (${names.join(', ')}) VALUES (${vals.join(', ')}) USING TIMESTAMP ${op.ts};`;
    }
    case 'update': {
      const set = Object.entries(op.values)
        .map(([c, x]) => `${cqlName(c)} = ${cqlLiteral(x)}`)
        .join(', ');
      return `UPDATE ${table} USING TIMESTAMP ${op.ts} SET ${set} WHERE ${rowWhere(s, op.pk, op.ck)};`;
    }
    case 'deleteRow':
      return `DELETE FROM ${table} USING TIMESTAMP ${op.ts} WHERE ${rowWhere(s, op.pk, op.ck)};`;
    case 'deleteColumns':
      return `DELETE ${op.columns.map(cqlName).join(', ')} FROM ${table} USING TIMESTAMP ${op.ts} WHERE ${rowWhere(s, op.pk, op.ck)};`;
    case 'deleteRange':
      return `DELETE FROM ${table} USING TIMESTAMP ${op.ts} WHERE ${rangeWhere(s, op.pk, op.range)};`;
    case 'deletePartition':
      return `DELETE FROM ${table} USING TIMESTAMP ${op.ts} WHERE ${cqlName(s.partitionKey)} = ${cqlLiteral(op.pk)};`;
    case 'readPartition':
      return `SELECT * FROM ${table} WHERE ${cqlName(s.partitionKey)} = ${cqlLiteral(op.pk)}${orderBy(s, op.reversed)};`;
    case 'readRow':
      return `SELECT * FROM ${table} WHERE ${rowWhere(s, op.pk, op.ck)};`;
    case 'readSlice':
      return `SELECT * FROM ${table} WHERE ${rangeWhere(s, op.pk, op.range)}${orderBy(s, op.reversed)};`;
    case 'flush':
      return `-- nodetool flush ${s.keyspace} ${s.table}`;
    case 'compact':
      return `-- nodetool compact ${s.keyspace} ${s.table}  (${op.scope === 'all' ? 'major' : `${op.scope} half of the sstables`}; clock ${op.now} s)`;
  }
}
