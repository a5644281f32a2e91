import { describe, expect, it } from 'vitest';
import type { Op } from '../generator/ops.js';
import { defineWorkload } from '../generator/spec.js';
import { cqlLiteral, cqlName, cqlSchema, cqlStatement } from './cql.js';

const spec = defineWorkload({
  schema: {
    keyspace: 'ks',
    table: 't',
    clustering: [
      { name: 'a', type: 'int64', cardinality: 4 },
      { name: 'b', type: 'text', reversed: true, cardinality: 4 },
    ],
    columns: [
      { name: 'v', type: 'text' },
      { name: 'n', type: 'int' },
    ],
  },
  partitions: { count: 2 },
  ops: { insert: { weight: 1 } },
  gcGraceSeconds: 30,
});

const T = 'ks.t';
const cases: [Op, string][] = [
  [
    { k: 0, kind: 'insert', pk: "it's", ck: [-5n, 'x'], values: { v: 'a', n: 3 }, ts: 10 },
    `INSERT INTO ${T} (pk, a, b, v, n) VALUES ('it''s', -5, 'x', 'a', 3) USING TIMESTAMP 10;`,
  ],
  [
    { k: 1, kind: 'update', pk: 'p1', ck: [7n, 'y'], values: { n: 4 }, ts: 11 },
    `UPDATE ${T} USING TIMESTAMP 11 SET n = 4 WHERE pk = 'p1' AND a = 7 AND b = 'y';`,
  ],
  [
    { k: 2, kind: 'deleteRow', pk: 'p1', ck: [7n, 'y'], ts: 12, ldt: 100 },
    `DELETE FROM ${T} USING TIMESTAMP 12 WHERE pk = 'p1' AND a = 7 AND b = 'y';`,
  ],
  [
    { k: 3, kind: 'deleteColumns', pk: 'p1', ck: [7n, 'y'], columns: ['v', 'n'], ts: 13, ldt: 100 },
    `DELETE v, n FROM ${T} USING TIMESTAMP 13 WHERE pk = 'p1' AND a = 7 AND b = 'y';`,
  ],
  [
    {
      k: 4,
      kind: 'deleteRange',
      pk: 'p0',
      range: {
        prefix: [1n],
        lower: { value: 'b', inclusive: true },
        upper: { value: 'd', inclusive: false },
      },
      ts: 14,
      ldt: 100,
    },
    `DELETE FROM ${T} USING TIMESTAMP 14 WHERE pk = 'p0' AND a = 1 AND b >= 'b' AND b < 'd';`,
  ],
  [
    {
      k: 5,
      kind: 'deleteRange',
      pk: 'p0',
      range: { prefix: [], lower: { value: 2n, inclusive: false }, upper: { value: 9n, inclusive: true } },
      ts: 15,
      ldt: 100,
    },
    `DELETE FROM ${T} USING TIMESTAMP 15 WHERE pk = 'p0' AND a > 2 AND a <= 9;`,
  ],
  [
    {
      k: 6,
      kind: 'deleteRange',
      pk: 'p0',
      range: { prefix: [], lower: null, upper: { value: 3n, inclusive: false } },
      ts: 16,
      ldt: 100,
    },
    `DELETE FROM ${T} USING TIMESTAMP 16 WHERE pk = 'p0' AND a < 3;`,
  ],
  [
    {
      k: 7,
      kind: 'deleteRange',
      pk: 'p0',
      range: { prefix: [3n], lower: { value: 'q', inclusive: false }, upper: null },
      ts: 17,
      ldt: 100,
    },
    `DELETE FROM ${T} USING TIMESTAMP 17 WHERE pk = 'p0' AND a = 3 AND b > 'q';`,
  ],
  [
    { k: 8, kind: 'deletePartition', pk: 'p0', ts: 18, ldt: 100 },
    `DELETE FROM ${T} USING TIMESTAMP 18 WHERE pk = 'p0';`,
  ],
  [{ k: 9, kind: 'readPartition', pk: 'p0', reversed: false }, `SELECT * FROM ${T} WHERE pk = 'p0';`],
  [
    { k: 10, kind: 'readPartition', pk: 'p0', reversed: true },
    `SELECT * FROM ${T} WHERE pk = 'p0' ORDER BY a DESC, b ASC;`,
  ],
  [
    { k: 11, kind: 'readRow', pk: 'p0', ck: [1n, 'z'] },
    `SELECT * FROM ${T} WHERE pk = 'p0' AND a = 1 AND b = 'z';`,
  ],
  [
    {
      k: 12,
      kind: 'readSlice',
      pk: 'p0',
      range: { prefix: [], lower: { value: 0n, inclusive: true }, upper: { value: 2n, inclusive: true } },
      reversed: true,
    },
    `SELECT * FROM ${T} WHERE pk = 'p0' AND a >= 0 AND a <= 2 ORDER BY a DESC, b ASC;`,
  ],
  [{ k: 13, kind: 'flush' }, '-- nodetool flush ks t'],
  [{ k: 14, kind: 'compact', scope: 'all', now: 500 }, '-- nodetool compact ks t  (major; clock 500 s)'],
  [
    { k: 15, kind: 'compact', scope: 'oldest', now: 501 },
    '-- nodetool compact ks t  (oldest half of the sstables; clock 501 s)',
  ],
];

describe('CQL export', () => {
  it('creates the keyspace and the table with its clustering order and gc grace', () => {
    expect(cqlSchema(spec)).toBe(
      [
        "CREATE KEYSPACE IF NOT EXISTS ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};",
        'CREATE TABLE IF NOT EXISTS ks.t (pk text, a bigint, b text, v text, n int, PRIMARY KEY ((pk), a, b)) WITH CLUSTERING ORDER BY (a ASC, b DESC) AND gc_grace_seconds = 30;',
      ].join('\n'),
    );
  });

  it.each(cases.map(([op, text]) => [`${op.kind} #${op.k}`, op, text] as const))(
    'writes %s as exact CQL',
    (_name, op, text) => {
      expect(cqlStatement(spec, op)).toBe(text);
    },
  );

  it('covers every op kind', () => {
    expect(new Set(cases.map(([op]) => op.kind)).size).toBe(11);
  });

  it('double-quotes names that are CQL reserved words (a column `order` was a syntax error on a cluster)', () => {
    const reserved = defineWorkload({
      schema: {
        keyspace: 'ks',
        table: 'table',
        partitionKey: 'key',
        clustering: [{ name: 'order', type: 'int32', cardinality: 4 }],
        columns: [{ name: 'select', type: 'text' }],
      },
      partitions: { count: 2 },
      ops: { insert: { weight: 1 } },
    });
    expect(cqlSchema(reserved)).toContain(
      'CREATE TABLE IF NOT EXISTS ks."table" (key text, "order" int, "select" text, PRIMARY KEY ((key), "order")) WITH CLUSTERING ORDER BY ("order" ASC)',
    );
    expect(
      cqlStatement(reserved, { k: 0, kind: 'insert', pk: 'p', ck: [1], values: { select: 'x' }, ts: 5 }),
    ).toBe(`INSERT INTO ks."table" (key, "order", "select") VALUES ('p', 1, 'x') USING TIMESTAMP 5;`);
    expect(
      cqlStatement(reserved, {
        k: 1,
        kind: 'deleteRange',
        pk: 'p',
        range: { prefix: [], lower: { value: 1, inclusive: true }, upper: null },
        ts: 6,
        ldt: 100,
      }),
    ).toBe(`DELETE FROM ks."table" USING TIMESTAMP 6 WHERE key = 'p' AND "order" >= 1;`);
    expect([cqlName('v1'), cqlName('where'), cqlName('token')]).toEqual(['v1', '"where"', '"token"']);
  });

  it('quotes string literals', () => {
    expect(cqlLiteral("a'b''")).toBe("'a''b'''''");
    expect(cqlLiteral(-3)).toBe('-3');
    expect(cqlLiteral(2n ** 62n)).toBe('4611686018427387904');
  });
});
