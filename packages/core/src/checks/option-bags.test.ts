import { describe, expect, it } from 'vitest';
import { checkFlag, checkOptionsBag, checkPlainObject } from './option-bags.js';

class BadArgument extends RangeError {}

describe('checkPlainObject', () => {
  class Point {
    x = 1;
  }
  it.each([
    ['a Map', new Map(), 'Map(0)'],
    ['a Date', new Date(0), 'Date(1970-01-01T00:00:00.000Z)'],
    ['an array', ['x'], '["x"]'],
    ['an array with a plain prototype', Object.setPrototypeOf(['x'], Object.prototype), '["x"]'],
    ['a class instance', new Point(), 'Point instance'],
    ['null', null, 'null'],
    ['a string', 'x', '"x"'],
  ])('rejects %s with the given error type, naming it', (_name, value, shown) => {
    expect(() => checkPlainObject(value, 'row values', BadArgument)).toThrow(BadArgument);
    expect(() => checkPlainObject(value, 'row values', BadArgument)).toThrow(
      `row values must be a plain object, got ${shown}`,
    );
  });

  it('accepts literals, prototype-less objects, objects inheriting from plain ones, and unreadable prototypes', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    for (const value of [{}, { a: 1 }, Object.create(null), Object.create({ d: 1 }), Object.create(proxy)]) {
      expect(() => checkPlainObject(value, 'v', BadArgument)).not.toThrow();
    }
  });
});

describe('checkOptionsBag and checkFlag', () => {
  it('name the unknown key and the allowed ones, in the caller error type', () => {
    expect(() => checkOptionsBag({ purg: true }, ['purge'], 'compact option', BadArgument)).toThrow(
      new BadArgument('unknown compact option "purg" (allowed: purge)'),
    );
    expect(() => checkOptionsBag(3, ['purge'], 'compact option', BadArgument)).toThrow(
      'compact options must be an object, got 3',
    );
  });
  it('read a flag only when it is a boolean', () => {
    expect(checkFlag(undefined, true, 'purge', BadArgument)).toBe(true);
    expect(checkFlag(false, true, 'purge', BadArgument)).toBe(false);
    expect(() => checkFlag('no', true, 'purge', BadArgument)).toThrow(
      new BadArgument('purge must be a boolean, got "no"'),
    );
  });
});
