import { describe, expect, it } from 'vitest';
import type { Side } from '../model.js';
import type { Measurement } from './fork-protocol.js';
import { type Measurer, measurePaired } from './measure-paired.js';

/** A fake side that logs what it was asked to do and needs `batches` timed batches. */
function fake(side: Side, log: string[], batches: number): Measurer {
  let done = 0;
  return {
    warmUp: () => void log.push(`warm ${side}`),
    batch: () => {
      log.push(side === 'baseline' ? 'A' : 'B');
      done++;
      return { wallNs: side === 'baseline' ? 100 : 110, cpuNs: 90, ops: 10 };
    },
    needsMore: () => done < batches,
    result: () => ({ ops: done * 10 }) as Measurement,
  };
}

describe('the paired schedule', () => {
  it('warms the first side first, then runs ABBA/BAAB blocks by the coin until both sides are done', async () => {
    const log: string[] = [];
    const coins = [true, false, true];
    let i = 0;
    const m = await measurePaired(
      { baseline: fake('baseline', log, 5), candidate: fake('candidate', log, 3) },
      'candidate',
      () => coins[i++ % coins.length]!,
      () => log.push('gc'),
    );
    expect(log.slice(0, 3)).toEqual(['warm candidate', 'warm baseline', 'gc']);
    // Blocks: lead baseline (ABBA), lead candidate (BAAB), lead baseline (ABBA): the baseline still needed batches.
    expect(log.slice(3).join('')).toBe('ABBABAABABBA');
    expect(m.blocks.map((b) => b.lead)).toEqual(['baseline', 'candidate', 'baseline']);
    expect(m.blocks[0]).toMatchObject({
      baseline: { wallNs: 200, cpuNs: 180, ops: 20 },
      candidate: { wallNs: 220, cpuNs: 180, ops: 20 },
    });
    expect(m.first).toBe('candidate');
  });
});
