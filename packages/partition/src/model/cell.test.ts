import { JVM_COMPRESSED_OOPS, MAX_DELETION_TIME, NO_DELETION_TIME, NO_TIMESTAMP } from '@tombstone-lab/core';
import { objectSize } from '@tombstone-lab/core/internal';
import { describe, expect, it } from 'vitest';
import { PartitionArgumentError } from '../errors.js';
import { Cell } from './cell.js';

const both = (a: Cell, b: Cell): [Cell, Cell] => [Cell.reconcile(a, b), Cell.reconcile(b, a)];

describe('cell tombstones (BufferCell.tombstone)', () => {
  it('a tombstone has no value, its timestamp and local deletion time; a live cell has NO_DELETION_TIME', () => {
    const t = Cell.tombstone('v', 7, 100);
    expect([t.isTombstone(), t.value, t.timestamp, t.localDeletionTime]).toEqual([true, null, 7, 100]);
    const live = new Cell('v', 'x', 7);
    expect([live.isTombstone(), live.localDeletionTime]).toEqual([false, NO_DELETION_TIME]);
    expect(Object.isFrozen(t)).toBe(true);
  });

  it('the higher timestamp wins, whichever kind it is', () => {
    const older = Cell.tombstone('v', 5, 100);
    const newer = new Cell('v', 'x', 6);
    expect(both(older, newer)).toEqual([newer, newer]);
    const newerTombstone = Cell.tombstone('v', 7, 1);
    expect(both(newer, newerTombstone)).toEqual([newerTombstone, newerTombstone]);
  });

  it('on a timestamp tie a tombstone beats a live cell (deletion wins ties), in either order', () => {
    const t = Cell.tombstone('v', 5, 100);
    for (const value of ['zzz', 0, true, new Uint8Array([255])]) {
      const live = new Cell('v', value, 5);
      expect(both(t, live)).toEqual([t, t]);
    }
  });

  it('two tied tombstones keep the later local deletion time, in either order', () => {
    const early = Cell.tombstone('v', 5, 100);
    const late = Cell.tombstone('v', 5, 200);
    expect(both(early, late)).toEqual([late, late]);
    const same = Cell.tombstone('v', 5, 200);
    const [x, y] = both(late, same);
    expect([x.timestamp, x.localDeletionTime]).toEqual([y.timestamp, y.localDeletionTime]);
  });

  it('sizes: 12 data bytes (timestamp + local deletion time), the BufferCell object with a shared empty value', () => {
    const model = JVM_COMPRESSED_OOPS;
    const t = Cell.tombstone('v', 5, 1);
    expect(t.dataSize()).toBe(12);
    expect(t.unsharedHeapSize(model)).toBe(objectSize(model, 3, 16));
    expect(new Cell('v', '', 5).unsharedHeapSize(model)).toBeGreaterThan(t.unsharedHeapSize(model));
  });

  it('validates the timestamp and local deletion time, naming the column', () => {
    expect(() => Cell.tombstone('v', NO_TIMESTAMP, 1)).toThrow(
      /out of bound deletion timestamp of column "v"/,
    );
    expect(() => Cell.tombstone('v', 1.5, 1)).toThrow(PartitionArgumentError);
    expect(() => Cell.tombstone('v', '1' as never, 1)).toThrow(/safe integer, got "1"/);
    // The shared unsigned check (core's): -1 and 2^33 are rejected, not wrapped.
    expect(() => Cell.tombstone('v', 1, -1)).toThrow(PartitionArgumentError);
    expect(() => Cell.tombstone('v', 1, 2 ** 33)).toThrow(/local deletion time of column "v"/);
    // Above MAX_DELETION_TIME a cell's deletion time would read as a live cell's (NO_DELETION_TIME) or invalid.
    expect(() => Cell.tombstone('v', 1, MAX_DELETION_TIME + 1)).toThrow(PartitionArgumentError);
    expect(() => Cell.tombstone('v', 1, NO_DELETION_TIME)).toThrow(/at most 4294967293/);
    expect(Cell.tombstone('v', NO_TIMESTAMP + 1, MAX_DELETION_TIME).localDeletionTime).toBe(
      MAX_DELETION_TIME,
    );
    expect(Cell.tombstone('v', 1, 0).localDeletionTime).toBe(0);
  });

  it('a live cell still rejects null (only Cell.tombstone makes a value-less cell)', () => {
    expect(() => new Cell('v', null, 1)).toThrow(/column "v".*null/);
    expect(() => new Cell('v', undefined, 1)).toThrow(PartitionArgumentError);
  });
});
