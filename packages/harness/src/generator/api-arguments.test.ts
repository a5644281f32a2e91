import { describe, expect, it } from 'vitest';
import {
  checkIndex,
  checkStream,
  cqlLiteral,
  cqlSchema,
  cqlStatement,
  decodeOp,
  HarnessArgumentError,
  isRead,
  loadSpecFile,
  parseIndex,
  parseReplay,
  parseWorkloadSpec,
  replayFile,
  runReplay,
  WorkloadSpecError,
  workload,
} from '../index.js';

// Plain JavaScript callers (no types to stop them): every public function answers a missing or wrong-typed argument
// with the package's typed error naming the function, the argument and the value — never a TypeError from inside.
const call =
  (fn: (...args: never[]) => unknown, ...args: unknown[]) =>
  () =>
    (fn as (...a: unknown[]) => unknown)(...args);

describe('the public API called from JavaScript with missing or wrong arguments', () => {
  const spec = parseWorkloadSpec(
    {
      schema: {
        clustering: [{ name: 'c', type: 'int32', cardinality: 4 }],
        columns: [{ name: 'v', type: 'text' }],
      },
      partitions: { count: 2 },
      ops: { insert: { weight: 1 } },
    },
    'test spec',
  );
  const op = workload(spec, 1).op(0, 0);

  it.each([
    [
      'runReplay()',
      call(runReplay),
      /^runReplay: replay \(as parseReplay returns it\) must be an object, got undefined$/,
    ],
    [
      'runReplay({})',
      call(runReplay, {}),
      /runReplay: spec[\s\S]*\(spec\): expected an object, got undefined/,
    ],
    ['parseReplay(5)', call(parseReplay, 5), /^parseReplay: text must be a string, got 5$/],
    ['parseReplay(text, 5)', call(parseReplay, '{}', 5), /^parseReplay: name must be a string, got 5$/],
    ['parseReplay(bad) without a name', call(parseReplay, 'x'), /^replay:1: the header is not JSON/],
    [
      'loadSpecFile(path)',
      call(loadSpecFile, 'spec.json'),
      /^loadSpecFile: cwd .* must be a string, got undefined$/,
    ],
    ['loadSpecFile()', call(loadSpecFile), /^loadSpecFile: file must be a string, got undefined$/],
    ['loadSpecFile({}, cwd)', call(loadSpecFile, {}, '/'), /^loadSpecFile: file must be a string, got \{\}$/],
    [
      'cqlSchema({})',
      call(cqlSchema, {}),
      /^invalid workload spec \(cqlSchema: spec\):\n {2}schema: expected an object/,
    ],
    ['cqlStatement(spec)', call(cqlStatement, spec), /^cqlStatement: \(op\): expected an op/],
    [
      'cqlLiteral({})',
      call(cqlLiteral, {}),
      /^cqlLiteral: value must be a string, number or bigint, got \{\}$/,
    ],
    ['replayFile()', call(replayFile), /^invalid workload spec \(replayFile: spec\)/],
    [
      'replayFile(spec, 1, 0)',
      call(replayFile, spec, 1, 0),
      /^replayFile: originalOps must be a non-negative/,
    ],
    [
      'replayFile(… no divergence)',
      call(replayFile, spec, 1, 0, { rangeStore: 'eager' }, null, [], 0, 0),
      /^replayFile: divergence must be an object, got null$/,
    ],
    [
      'checkStream(spec, 1, 0, 10)',
      call(checkStream, spec, 1, 0, 10),
      /^checkStream: choice must be an object, got undefined$/,
    ],
    [
      'checkStream(… bad store)',
      call(checkStream, spec, 1, 0, 10, { rangeStore: 'x' }),
      /^checkStream: choice\.rangeStore must be one of .*got "x"$/,
    ],
    [
      'checkStream(… "1" as seed)',
      call(checkStream, spec, '1', 0, 10, { rangeStore: 'eager' }),
      /^checkStream: seed must be .*got "1"$/,
    ],
    ['decodeOp(line)', call(decodeOp, '{}'), /^invalid workload spec \(decodeOp: spec\)/],
    ['decodeOp(5, spec)', call(decodeOp, 5, spec), /^decodeOp: line must be a string, got 5$/],
    ['decodeOp(bad, spec) without where', call(decodeOp, 'x', spec), /^decodeOp: not JSON/],
    ['isRead()', call(isRead), /^isRead: op must be an op object, got undefined$/],
    ['checkIndex(-1)', call(checkIndex, -1), /^index must be a non-negative safe integer .*got -1$/],
    [
      'checkIndex(1, {})',
      call(checkIndex, 1, {}),
      /^checkIndex: what must be a string naming the value, got \{\}$/,
    ],
    [
      'parseIndex([5])',
      call(parseIndex, [5], 'seed'),
      /^seed must be a non-negative integer in decimal, got \[5\]$/,
    ],
    ['parseIndex("x")', call(parseIndex, 'x'), /^index must be a non-negative integer in decimal, got "x"$/],
    [
      'parseWorkloadSpec({}, {})',
      call(parseWorkloadSpec, {}, {}),
      /^parseWorkloadSpec: source must be a string/,
    ],
  ])('%s: a typed error naming the argument and its value', async (_, fn, message) => {
    let thrown: unknown;
    try {
      await fn();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect([HarnessArgumentError, WorkloadSpecError].some((t) => thrown instanceof t)).toBe(true);
    expect((thrown as Error).message).toMatch(message);
    expect((thrown as Error).message).not.toMatch(/^undefined|\[object Object\]/);
  });

  it('valid calls still work, and a spec is validated once (the same object comes back through every function)', () => {
    expect(cqlStatement(spec, op)).toMatch(/USING TIMESTAMP|nodetool|SELECT|DELETE/);
    expect(isRead(op)).toBe(op.kind.startsWith('read'));
    expect(checkIndex(3)).toBe(3);
    expect(parseIndex('12')).toBe(12);
    expect(workload(spec, 1).spec).toBe(spec);
  });
});
