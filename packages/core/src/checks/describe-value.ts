/**
 * How every package of this repository names a user-supplied value in an error message (core, partition and, through
 * `@tombstone-lab/core/internal`, the harness): one rendering, so the same bad value reads the same everywhere.
 * Hand-written rather than `node:util` `inspect`: core runs in browsers too, and `inspect` calls user getters and
 * custom inspectors, which may throw or lie; this calls no user code
 * (no `toString`, `toJSON` or getter): it reads own data properties and the prototype's constructor only.
 */

/** How many elements (or entries) of an array or plain object are shown before `…`. */
const SHOWN = 8;
/** Nesting depth beyond which arrays and objects are summarised (`Array(3)`, `{…}`). */
const DEPTH = 2;

/**
 * Renders `value` for an error message, never throwing: strings quoted (`"x"`), bigints with `n`, symbols,
 * `function f`, arrays and plain objects shallowly (`[1, "a"]`, `{v: 1}`), `Map(2)`, `Set(1)`, `Date(2026-…)`,
 * `Uint8Array(4)`, and any other object by its class (`Foo instance`).
 */
export function describeValue(value: unknown): string {
  return describe(value, 0);
}

function describe(value: unknown, depth: number): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'bigint':
      return `${value}n`;
    case 'symbol':
      return value.toString();
    case 'function':
      return `function ${value.name === '' ? '(anonymous)' : value.name}`;
    case 'object':
      if (value === null) return 'null';
      try {
        return describeObject(value, depth);
      } catch {
        // A Proxy whose traps throw, or a revoked one: nothing about it can be read.
        return unreadable(value);
      }
    default:
      return String(value);
  }
}

function unreadable(value: object): string {
  try {
    return Object.prototype.toString.call(value);
  } catch {
    return 'a revoked Proxy';
  }
}

function describeObject(value: object, depth: number): string {
  if (Array.isArray(value)) {
    if (depth >= DEPTH) return `Array(${value.length})`;
    const shown = Array.prototype.slice.call(value, 0, SHOWN).map((v) => describe(v, depth + 1));
    return `[${shown.join(', ')}${value.length > SHOWN ? ', …' : ''}]`;
  }
  if (value instanceof Uint8Array) return `Uint8Array(${value.length})`;
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? 'Date(invalid)' : `Date(${value.toISOString()})`;
  if (value instanceof Map) return `Map(${value.size})`;
  if (value instanceof Set) return `Set(${value.size})`;
  const className = classNameOf(value);
  if (className !== null) return `${className} instance`;
  if (depth >= DEPTH) return '{…}';
  const keys = Object.keys(value);
  const shown = keys.slice(0, SHOWN).map((k) => {
    const name = /^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k);
    // Through the descriptor: a getter is named, not called (it may throw, or answer differently each read).
    const d = Object.getOwnPropertyDescriptor(value, k);
    return `${name}: ${d === undefined ? 'undefined' : 'value' in d ? describe(d.value, depth + 1) : '[getter]'}`;
  });
  return `{${shown.join(', ')}${keys.length > SHOWN ? ', …' : ''}}`;
}

/**
 * The name of the class `value` is an instance of, or null for a plain object: one whose prototype is null,
 * `Object.prototype` (of any realm), or an object that has no constructor of its own (`Object.create(defaults)`).
 */
export function classNameOf(value: object): string | null {
  if (Array.isArray(value)) return 'Array';
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto === null || proto === Object.prototype) return null;
  if (typeof proto !== 'object' || !Object.hasOwn(proto, 'constructor')) return null;
  const ctor: unknown = (proto as { constructor: unknown }).constructor;
  if (typeof ctor !== 'function') return null;
  // Another realm's Object.prototype (a vm context, an iframe) is a plain object's prototype too.
  if (ctor.name === 'Object' && Object.getPrototypeOf(proto) === null) return null;
  return ctor.name === '' ? '(anonymous class)' : ctor.name;
}
