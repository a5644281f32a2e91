import { describe, expect, it } from 'vitest';
import { ProtocolError, parseEvent, parseListOutput } from './parse.js';
import { PROTOCOL_VERSION } from './version.js';

const skipped = {
  protocol: PROTOCOL_VERSION,
  time: '2026-12-01T08:00:00.000Z',
  type: 'samples-skipped',
  key: 'S.b[n=1]',
  side: 'candidate',
  count: 3,
  reason: '2 forks of the candidate side failed',
  completed: 10,
  total: 10,
};

function errorOf(f: () => unknown): ProtocolError {
  try {
    f();
  } catch (e) {
    if (e instanceof ProtocolError) return e;
    throw e;
  }
  throw new Error('expected a ProtocolError');
}

describe('parseEvent', () => {
  it('returns the typed event for a valid line', () => {
    const e = parseEvent(JSON.stringify(skipped));
    expect(e).toEqual(skipped);
    if (e.type !== 'samples-skipped') throw new Error('narrowing');
    expect(e.count).toBe(3);
  });

  it('names the field that is wrong', () => {
    const bad = errorOf(() => parseEvent(JSON.stringify({ ...skipped, count: -1 })));
    expect(bad.path).toBe('count');
    expect(bad.message).toMatch(/event samples-skipped at count/);
    expect(errorOf(() => parseEvent(JSON.stringify({ ...skipped, side: 'left' }))).path).toBe('side');
    const missing = { ...skipped } as Record<string, unknown>;
    delete missing.reason;
    expect(errorOf(() => parseEvent(JSON.stringify(missing))).path).toBe('reason');
  });

  it('rejects bad JSON, an unknown type and another protocol version, saying which', () => {
    expect(errorOf(() => parseEvent('{not json')).message).toMatch(/not JSON/);
    expect(errorOf(() => parseEvent(JSON.stringify({ ...skipped, type: 'nope' }))).path).toBe('type');
    const other = errorOf(() => parseEvent(JSON.stringify({ ...skipped, protocol: PROTOCOL_VERSION + 1 })));
    expect(other.message).toMatch(
      new RegExp(`protocol ${PROTOCOL_VERSION + 1}, this client reads protocol ${PROTOCOL_VERSION}`),
    );
  });
});

describe('parseListOutput', () => {
  const suite = {
    file: '/p/a.bench.ts',
    suite: 'A',
    benchmarks: [{ name: 'x', file: '/p/a.bench.ts', line: 3, column: 5 }],
    params: { n: [1, 2] },
    compare: { factor: 'impl', baseline: 'a', candidate: 'b' },
    cases: [{ key: 'A.x[n=1]', benchmark: 'x', params: { n: 1 }, role: 'primary' }],
    loadError: null,
  };
  it('accepts a listing and names a bad field', () => {
    expect(
      parseListOutput(JSON.stringify({ protocol: PROTOCOL_VERSION, suites: [suite] })).suites[0],
    ).toEqual(suite);
    const bad = {
      protocol: PROTOCOL_VERSION,
      suites: [{ ...suite, benchmarks: [{ ...suite.benchmarks[0], line: 0 }] }],
    };
    expect(errorOf(() => parseListOutput(JSON.stringify(bad))).path).toBe('suites.0.benchmarks.0.line');
  });
});
