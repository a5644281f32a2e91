import { describe, expect, it } from 'vitest';
import { InvalidTimestampError } from '../errors.js';
import {
  DeletionTime,
  INVALID_DELETION_TIME,
  InvalidDeletionTime,
  MAX_DELETION_TIME,
  NO_DELETION_TIME,
  NO_TIMESTAMP,
} from './deletion-time.js';

describe('DeletionTime', () => {
  it('LIVE is (NO_TIMESTAMP, NO_DELETION_TIME) and only it is live', () => {
    expect(DeletionTime.LIVE.isLive()).toBe(true);
    expect(DeletionTime.LIVE.markedForDeleteAt).toBe(Number.MIN_SAFE_INTEGER);
    expect(NO_TIMESTAMP).toBe(Number.MIN_SAFE_INTEGER);
    expect(DeletionTime.LIVE.localDeletionTime).toBe(0xffffffff);
    expect(DeletionTime.build(NO_TIMESTAMP, 0).isLive()).toBe(false);
  });

  it('build(): unsigned times above MAX_DELETION_TIME give an InvalidDeletionTime that keeps the timestamp', () => {
    for (const ldt of [MAX_DELETION_TIME + 1, NO_DELETION_TIME]) {
      const dt = DeletionTime.build(7, ldt);
      expect(dt).toBeInstanceOf(InvalidDeletionTime);
      expect(dt.validate()).toBe(false);
      expect(dt.markedForDeleteAt).toBe(7);
      expect(dt.localDeletionTime).toBe(INVALID_DELETION_TIME);
    }
    expect(DeletionTime.build(7, MAX_DELETION_TIME).validate()).toBe(true);
    expect(DeletionTime.build(-7, 0).validate()).toBe(true);
  });

  it("build(): a local deletion time outside [0, 2^32 - 1] is rejected, never wrapped (the lists' own check)", () => {
    for (const ldt of [-1, -(2 ** 31), 2 ** 32, 2 ** 33]) {
      expect(() => DeletionTime.build(5, ldt)).toThrow(InvalidTimestampError);
      expect(() => DeletionTime.build(5, ldt)).toThrow(
        `localDeletionTime must be an integer in [0, 4294967295], got ${ldt}`,
      );
    }
  });

  it('fromUnsigned(): values above MAX_DELETION_TIME come back invalid', () => {
    expect(DeletionTime.fromUnsigned(1, INVALID_DELETION_TIME).validate()).toBe(false);
    expect(DeletionTime.fromUnsigned(1, NO_DELETION_TIME).validate()).toBe(false);
    expect(DeletionTime.fromUnsigned(1, MAX_DELETION_TIME).validate()).toBe(true);
  });

  it('rejects non-safe-integer timestamps with a RangeError naming the value', () => {
    expect(() => DeletionTime.build(Number.NaN, 0)).toThrow(InvalidTimestampError);
    expect(() => DeletionTime.build(2 ** 53, 0)).toThrow(/got 9007199254740992/);
    expect(() => DeletionTime.build(1, 0.5)).toThrow(
      /localDeletionTime must be an integer in \[0, 4294967295\], got 0.5/,
    );
    expect(() => DeletionTime.build(1n as unknown as number, 0)).toThrow(/got 1n/);
    expect(new InvalidTimestampError('x')).toBeInstanceOf(RangeError);
  });

  it('supersedes / deletes / compareTo / equals', () => {
    const a = DeletionTime.build(5, 10);
    const b = DeletionTime.build(5, 11);
    const c = DeletionTime.build(6, 0);
    expect(b.supersedes(a)).toBe(true);
    expect(a.supersedes(b)).toBe(false);
    expect(c.supersedes(b)).toBe(true);
    expect(a.deletes(5)).toBe(true);
    expect(a.deletes(6)).toBe(false);
    expect([c, a, b].sort((x, y) => x.compareTo(y))).toEqual([a, b, c]);
    expect(a.equals(DeletionTime.build(5, 10))).toBe(true);
    expect(a.equals(b)).toBe(false);
    expect(a.dataSize()).toBe(12);
    expect(String(a)).toBe('deletedAt=5, localDeletion=10');
  });
});
