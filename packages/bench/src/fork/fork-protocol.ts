import type { Environment, ParamValue, Sample, Side, SlowdownClock } from '../model.js';
import type { SuiteShape } from '../suite/cases.js';

/** Measurement settings for one sample fork. */
export interface SampleSettings {
  /** Target duration of the timed (measured) phase, in ms. */
  sampleMs: number;
  /** Cap on warm-up duration, in ms; warm-up stops earlier once stable. */
  warmupMaxMs: number;
  /** Minimum warm-up duration, in ms (0: none): warm-up is not called stable before it (≤ `warmupMaxMs`). */
  warmupMinMs: number;
  /** Extra busy work injected into the timed region, as a fraction of the op time (A/A test hook); 0 = none. */
  slowdown: number;
  /** The clock the injected work is booked on (model.ts `slowdownClockOf` the run's metric). */
  slowdownClock: SlowdownClock;
  /** Measure allocated bytes per op. */
  allocation: boolean;
}

/**
 * What the parent asks a fork to do; passed as one JSON argument. `kit` is the bundled measuring module
 * (measure-kit.ts) the fork loads once per side it measures.
 */
export type ForkJob =
  | { mode: 'describe'; bundle: string }
  | ({
      mode: 'sample';
      kit: string;
      bundle: string;
      benchmark: string;
      params: Record<string, ParamValue>;
      pinned: boolean;
    } & SampleSettings)
  | PairedJob
  | {
      mode: 'count';
      kit: string;
      bundle: string;
      benchmark: string;
      params: Record<string, ParamValue>;
      ops: number;
    };

/**
 * A paired fork: both sides of one case measured in one fresh process, each from its own module instances (its
 * bundle and its measuring kit loaded under a URL of its own), in alternating blocks (measure-paired.ts).
 */
export type PairedJob = {
  mode: 'paired';
  kit: string;
  bundles: Record<Side, string>;
  benchmark: string;
  params: Record<Side, Record<string, ParamValue>>;
  pinned: boolean;
  /** The side loaded, set up and warmed up first (a seeded coin flip of the parent's, recorded). */
  first: Side;
  /** Seed of the per-block order coin flips. */
  seed: number;
  /** Injected slowdown per side (A/A test hook). */
  slowdown: Record<Side, number>;
} & Omit<SampleSettings, 'slowdown'>;

/**
 * One block of a paired fork: four timed batches in the order lead, other, other, lead (ABBA or BAAB), so a drift
 * that is linear over the block costs both sides alike. Each side's two batches are summed.
 */
export interface PairedBlock {
  /** The side whose batches open and close the block. */
  lead: Side;
  baseline: BlockTimes;
  candidate: BlockTimes;
}

/** One side's two batches of a block. */
export interface BlockTimes {
  wallNs: number;
  cpuNs: number;
  ops: number;
}

/** The numbers one sample fork measured: a {@link Sample}'s metrics, plus how warm-up and batching went. */
export type Measurement = Pick<
  Sample,
  'ops' | 'nsPerOp' | 'cpuNsPerOp' | 'bytesPerOp' | 'gcCount' | 'gcTimeMs' | 'warmupOps'
> & {
  batchSize: number;
  /** Whether warm-up ended on the stability criterion (false: it hit the cap). */
  warmupStable: boolean;
  /** Wall time of the warm-up's batches, in ns (not recorded in the results: it shows a minimum was kept). */
  warmupNs: number;
  /** With a slowdown: the injected work as a share of the op's own time, per clock (only one of them was booked). */
  injected?: Sample['injected'];
};

/** What a fork writes, as one JSON line, to file descriptor 3. */
export type ForkResult =
  | { ok: true; mode: 'describe'; shape: SuiteShape }
  | { ok: true; mode: 'sample'; measurement: Measurement; env: Environment }
  | {
      ok: true;
      mode: 'paired';
      measurements: Record<Side, Measurement>;
      first: Side;
      blocks: PairedBlock[];
      env: Environment;
    }
  | { ok: true; mode: 'count'; ops: number }
  | { ok: false; message: string; stack: string };

/** File descriptor of the result channel, so benchmark output on stdout cannot corrupt the protocol. */
export const RESULT_FD = 3;
