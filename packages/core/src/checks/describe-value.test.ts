import { describe, expect, it } from 'vitest';
import { describeValue } from './describe-value.js';

describe('describeValue: one rendering of a bad value for every package', () => {
  class Note {
    v = 1;
  }
  it.each([
    ['a string', 'x', '"x"'],
    ['a bigint', 5n, '5n'],
    ['NaN', Number.NaN, 'NaN'],
    ['undefined', undefined, 'undefined'],
    ['null', null, 'null'],
    ['a symbol', Symbol('s'), 'Symbol(s)'],
    ['a named function', function named() {}, 'function named'],
    ['an array', [1, 'a', [2, [3, [4]]]], '[1, "a", [2, Array(2)]]'],
    ['a long array', Array.from({ length: 10 }, (_, i) => i), '[0, 1, 2, 3, 4, 5, 6, 7, …]'],
    ['a plain object', { v: 'x', 'a b': 1 }, '{v: "x", "a b": 1}'],
    ['a nested object', { a: { b: { c: 1 } } }, '{a: {b: {…}}}'],
    ['a prototype-less object', Object.assign(Object.create(null) as object, { k: 2n }), '{k: 2n}'],
    ['a Map', new Map([[1, 2]]), 'Map(1)'],
    ['a Set', new Set(), 'Set(0)'],
    ['a Date', new Date(0), 'Date(1970-01-01T00:00:00.000Z)'],
    ['an invalid Date', new Date(Number.NaN), 'Date(invalid)'],
    ['a Uint8Array', new Uint8Array(4), 'Uint8Array(4)'],
    ['a class instance', new Note(), 'Note instance'],
    // What the harness names (CLI flags, workload specs, ndjson records), the same way since it uses this one:
    ['a negative fraction', -1.5, '-1.5'],
    ['Infinity', Number.POSITIVE_INFINITY, 'Infinity'],
    ['a huge index', 2 ** 53 - 1, '9007199254740991'],
    ['a boolean', false, 'false'],
    ['an empty string', '', '""'],
    ['an empty array', [], '[]'],
    ['an empty object', {}, '{}'],
    [
      'a spec fragment',
      { ops: '10', schema: { clustering: [] } },
      '{ops: "10", schema: {clustering: Array(0)}}',
    ],
  ])('%s', (_name, value, expected) => {
    expect(describeValue(value)).toBe(expected);
  });

  it('a cyclic object (a spec that refers to itself) is named without recursing', () => {
    const spec: Record<string, unknown> = { name: 'x' };
    spec.self = spec;
    expect(describeValue(spec)).toBe('{name: "x", self: {name: "x", self: {…}}}');
  });

  it('never throws, never calls user code (toString, getters, toJSON)', () => {
    const hostile = {
      toString() {
        throw new Error('called');
      },
      get g() {
        throw new Error('getter');
      },
    };
    expect(describeValue(hostile)).toBe('{toString: function toString, g: [getter]}');
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(describeValue(proxy)).toBe('a revoked Proxy');
    expect(describeValue([proxy])).toBe('[a revoked Proxy]');
  });
});
