/**
 * The paired fork's schedule: both sides of a case measured in one process, in alternating blocks, so that what
 * makes a whole fork slow or fast (its core, its neighbours' load, its heap and code placement, a burst of noise
 * that lasts longer than a block) reaches both sides alike and cancels in the fork's within-fork ratio.
 *
 * Each side is warmed up in turn, the first one a seeded coin flip of the parent's, then the timed phase runs blocks
 * of four batches, lead–other–other–lead (ABBA or BAAB, the lead a coin flip per block): a drift linear over a
 * block costs both sides the same, and neither side is always first after the other (Abedi & Brecht, ICPE 2017:
 * randomized multiple interleaved trials). Blocks run until both sides have timed their sample.
 */
import type { Side } from '../model.js';
import type { BlockTimes, Measurement, PairedBlock } from './fork-protocol.js';
import { type GcPause, observeGcPauses } from './gc-pauses.js';
import type { BatchReading } from './measure.js';

/** What the schedule needs of one side's measurer (measure.ts `SideMeasurer`, from that side's own kit). */
export interface Measurer {
  warmUp(): void;
  batch(): BatchReading;
  needsMore(): boolean;
  result(pauses: readonly GcPause[]): Measurement;
}

/** A paired fork's measurements: each side's summary, the warm-up order and every block in time order. */
export interface PairedMeasurement {
  measurements: Record<Side, Measurement>;
  first: Side;
  blocks: PairedBlock[];
}

const other = (side: Side): Side => (side === 'baseline' ? 'candidate' : 'baseline');

function add(into: BlockTimes, r: BatchReading): void {
  into.wallNs += r.wallNs;
  into.cpuNs += r.cpuNs;
  into.ops += r.ops;
}

/** One ABBA/BAAB block led by `lead`. */
function runBlock(sides: Record<Side, Measurer>, lead: Side): PairedBlock {
  const block: PairedBlock = {
    lead,
    baseline: { wallNs: 0, cpuNs: 0, ops: 0 },
    candidate: { wallNs: 0, cpuNs: 0, ops: 0 },
  };
  const follow = other(lead);
  add(block[lead], sides[lead].batch());
  add(block[follow], sides[follow].batch());
  add(block[follow], sides[follow].batch());
  add(block[lead], sides[lead].batch());
  return block;
}

/**
 * Warms up both sides (`first` first), collects the heap, then runs blocks until neither side needs more batches.
 * `coin` draws each block's lead (true: the baseline leads).
 */
export async function measurePaired(
  sides: Record<Side, Measurer>,
  first: Side,
  coin: () => boolean,
  collect: () => void,
): Promise<PairedMeasurement> {
  sides[first].warmUp();
  sides[other(first)].warmUp();
  collect();
  const { value: blocks, pauses } = await observeGcPauses(() => runBlocks(sides, coin));
  return {
    measurements: { baseline: sides.baseline.result(pauses), candidate: sides.candidate.result(pauses) },
    first,
    blocks,
  };
}

function runBlocks(sides: Record<Side, Measurer>, coin: () => boolean): PairedBlock[] {
  const blocks: PairedBlock[] = [];
  for (;;) {
    // Both asked every time: each side's settling count advances only when it is asked.
    const more = [sides.baseline.needsMore(), sides.candidate.needsMore()];
    if (!more[0] && !more[1]) return blocks;
    blocks.push(runBlock(sides, coin() ? 'baseline' : 'candidate'));
  }
}
