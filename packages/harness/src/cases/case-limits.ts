/**
 * The most forks per side a case may ask bench for: bench's sequential design takes at most 50 (`SEQUENTIAL_MAX_N`;
 * cases run sequentially, bench's default). Bench-free, so `case`'s options check it before bench is loaded.
 */
export const MAX_SAMPLES_PER_SIDE = 50;
