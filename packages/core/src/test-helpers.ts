/**
 * Test-only helpers (excluded from the build): the RangeTombstoneListTest vocabulary (`rt`, `rtei`, `atLeast`…) on a
 * single int32 column, and a parser for the `[a,b]@t` notation so expected lists read like the domain doc.
 */
import { expect } from 'vitest';
import { boundHeapSize, JVM_COMPRESSED_OOPS, type SizeModel } from './heap/size-model.js';
import { backingArrays, RangeTombstoneList } from './list/range-tombstone-list.js';
import type { RangeTombstoneListBase } from './list/range-tombstone-list-base.js';
import type { RangeTombstoneListOptions } from './list/range-tombstone-list-options.js';
import { ClusteringBound } from './model/clustering-bound.js';
import { ClusteringComparator } from './model/clustering-comparator.js';
import { types } from './model/column-types.js';
import { DeletionTime } from './model/deletion-time.js';
import { RangeTombstone } from './model/range-tombstone.js';
import { Slice } from './model/slice.js';

export const INT_CMP = new ClusteringComparator([types.int32]);
export const TWO_INT_CMP = new ClusteringComparator([types.int32, types.int32]);

const B = ClusteringBound;
const make = (s: ClusteringBound, e: ClusteringBound, t: number, ldt = 0) =>
  new RangeTombstone(Slice.make(s, e), DeletionTime.build(t, ldt));

/** `[a,b]@t`. */
export const rt = (a: number, b: number, t: number, ldt = 0) =>
  make(B.inclusiveStart(a), B.inclusiveEnd(b), t, ldt);
/** `(a,b]@t`. */
export const rtei = (a: number, b: number, t: number) => make(B.exclusiveStart(a), B.inclusiveEnd(b), t);
/** `[a,b)@t`. */
export const rtie = (a: number, b: number, t: number) => make(B.inclusiveStart(a), B.exclusiveEnd(b), t);
/** `[a,TOP]@t`. */
export const atLeast = (a: number, t: number) => make(B.inclusiveStart(a), B.TOP, t);
/** `[BOTTOM,b]@t`. */
export const atMost = (b: number, t: number) => make(B.BOTTOM, B.inclusiveEnd(b), t);
/** `[BOTTOM,b)@t`. */
export const lessThan = (b: number, t: number) => make(B.BOTTOM, B.exclusiveEnd(b), t);
/** `(a,TOP]@t`. */
export const greaterThan = (a: number, t: number) => make(B.exclusiveStart(a), B.TOP, t);

function parseValues(text: string): number[] {
  return text.split(':').map((v) => {
    const n = Number(v);
    if (!Number.isInteger(n)) throw new Error(`bad value ${v}`);
    return n;
  });
}

/** Parses `[1,5]@3`, `(10,13]@1`, `[BOTTOM,12)@2`, `[3:1,TOP]@4/7` (int32 columns, `:` between components). */
export function parseRange(text: string): RangeTombstone {
  const [start, end, t, ldt] = parseRangeParts(text);
  return make(start, end, t, ldt);
}

/** The parts of `[a,b]@t/ldt`, bounds unchecked (an empty `(3,3]` too, which Slice.make refuses). */
export function parseRangeParts(text: string): [ClusteringBound, ClusteringBound, number, number] {
  const m = /^([[(])([^,]+),([^\])]+)([\])])@(-?\d+)(?:\/(\d+))?$/.exec(text.trim());
  if (!m) throw new Error(`cannot parse range ${text}`);
  const [, open, a, b, close, t, ldt] = m as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
    string?,
  ];
  const start = a === 'BOTTOM' ? B.BOTTOM : B.of(true, open === '[', parseValues(a));
  const end = b === 'TOP' ? B.TOP : B.of(false, close === ']', parseValues(b));
  return [start, end, Number(t), ldt === undefined ? 0 : Number(ldt)];
}

/** Parses a comma-separated list of ranges (`, ` between ranges) into tombstones. */
export function parseRanges(text: string): RangeTombstone[] {
  return text
    .split(/\s*(?<=[\])][^,]*),\s*/)
    .filter((s) => s.trim() !== '')
    .map(parseRange);
}

/** A list holding the given ranges, added in order. */
export function listOf(
  ranges: readonly RangeTombstone[],
  options: RangeTombstoneListOptions = {},
  comparator = INT_CMP,
): RangeTombstoneList {
  const list = new RangeTombstoneList(comparator, options);
  for (const r of ranges) list.add(r);
  return list;
}

/** Asserts the list holds exactly `expected` (the `[a,b]@t` notation) with comparator-equal bounds. */
export function expectRanges(list: RangeTombstoneListBase, expected: string): void {
  const want = parseRanges(expected);
  const got = [...list];
  expect(got.map(String), `list ${list}`).toHaveLength(want.length);
  got.forEach((g, i) => {
    const w = want[i] as RangeTombstone;
    const cmp = list.comparator;
    const same =
      cmp.compare(g.slice.start, w.slice.start) === 0 &&
      cmp.compare(g.slice.end, w.slice.end) === 0 &&
      g.deletionTime.equals(w.deletionTime);
    expect(same, `range #${i}: got ${g}, want ${w} (list ${list})`).toBe(true);
  });
}

/**
 * Cassandra's assertValid (kinds, non-empty, sorted) for any list; for an array list also the store invariants:
 * claimed >= size, and four plain arrays whose length is exactly the capacity (the figure the size model charges).
 */
export function expectValid(list: RangeTombstoneListBase): void {
  const cmp = list.comparator;
  const problems: string[] = [];
  if (list instanceof RangeTombstoneList) problems.push(...storeProblems(list));
  const ranges = [...list];
  if (ranges.length !== list.size) problems.push(`iterated ${ranges.length} ranges, size ${list.size}`);
  let prevEnd: ClusteringBound | null = null;
  for (let i = 0; i < ranges.length; i++) {
    const { start: s, end: e } = (ranges[i] as RangeTombstone).slice;
    if (!s.isStart()) problems.push(`start #${i} ${s} is not a start`);
    if (!e.isEnd()) problems.push(`end #${i} ${e} is not an end`);
    if (cmp.compare(s, e) >= 0) problems.push(`range #${i} [${s}, ${e}] is empty`);
    if (prevEnd !== null && cmp.compare(prevEnd, s) > 0)
      problems.push(`range #${i} overlaps its predecessor`);
    prevEnd = e;
  }
  // The message (which renders the whole list) is only built when something is wrong.
  if (problems.length > 0) expect.fail(`invalid list ${list}: ${problems.join('; ')}`);
}

function storeProblems(list: RangeTombstoneList): string[] {
  const st = backingArrays(list);
  const problems: string[] = [];
  if (st.claimed < list.size) problems.push(`claimed ${st.claimed} < size ${list.size}`);
  if (list.capacity < list.size) problems.push(`capacity ${list.capacity} < size ${list.size}`);
  if (st.capacity !== list.capacity) problems.push(`store capacity ${st.capacity} != ${list.capacity}`);
  for (const [name, arr] of Object.entries({
    starts: st.starts,
    ends: st.ends,
    markedAts: st.markedAts,
    delTimes: st.delTimes,
  })) {
    if (!Array.isArray(arr) || arr.length !== list.capacity)
      problems.push(`${name} is not a plain array of length capacity ${list.capacity}`);
  }
  return problems;
}

/** Σ heap of a list's bounds under `model`, recomputed from its ranges (independent of the list's running sum). */
export function boundsHeapOf(list: RangeTombstoneListBase, model: SizeModel = JVM_COMPRESSED_OOPS): number {
  let sum = 0;
  for (const r of list) {
    sum +=
      boundHeapSize(model, list.comparator, r.slice.start) +
      boundHeapSize(model, list.comparator, r.slice.end);
  }
  return sum;
}

/** Every read of a list: its ranges both ways, point searches, sizes and heap (a rejected call changes none). */
export function observe(list: RangeTombstoneListBase): string {
  const ranges = (reversed: boolean) => [...list.iterator(reversed)].map((r) => r.toString());
  const points = [0, 1, 3, 5, 9].map((k) => list.searchDeletionTime([k])?.toString() ?? null);
  return JSON.stringify([
    ranges(false),
    ranges(true),
    points,
    list.size,
    list.dataSize(),
    list.unsharedHeapSize(),
  ]);
}
