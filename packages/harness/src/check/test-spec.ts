import { defineWorkload } from '../generator/spec.js';

/**
 * The small spec the checker's unit tests share: a ∈ {-2, -1, 0, 1} (int32, ASC), b ∈ {c0, c1, c2} (ascii, DESC),
 * one text column, one partition.
 */
export const twoColumnSpec = defineWorkload({
  schema: {
    clustering: [
      { name: 'a', type: 'int32', cardinality: 4 },
      { name: 'b', type: 'ascii', reversed: true, cardinality: 3 },
    ],
    columns: [{ name: 'v', type: 'text' }],
  },
  partitions: { count: 1 },
  ops: { insert: { weight: 1 } },
});
