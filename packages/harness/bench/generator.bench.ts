/**
 * Generator throughput: 1000 ops per benchmark call, as objects and as NDJSON text (encoded and gathered into
 * 64 KiB chunks, as `generate` writes them). Baseline: the sequential stream iterator; candidate: each op computed
 * directly at scattered indexes over the spec's valid range (0 … lastOp, 2.59·10^9 for mixed) — random access should
 * cost what sequential access costs (O(1) per op).
 * ops/s = 1000 / (ns per call) × 10^9.
 */
import { defineSuite } from '@tombstone-lab/bench';
import mixed from '../specs/mixed.json' with { type: 'json' };
import { opLine } from '../src/encode/ndjson.js';
import type { Op } from '../src/generator/ops.js';
import { parseWorkloadSpec } from '../src/generator/spec.js';
import { workload } from '../src/generator/workload.js';

const BATCH = 1000;
const CHUNK = 1 << 16;

export default defineSuite({
  name: 'GeneratorBench',
  params: { format: ['object', 'ndjson'] },
  compare: { factor: 'access', baseline: 'stream', candidate: 'direct' },
  primary: 'ops1000[format=object]',
  sampling: { warmupMs: 500, sampleMs: 200 },
  setup: ({ format, access }) => ({
    w: workload(parseWorkloadSpec(mixed), 42),
    ndjson: format === 'ndjson',
    direct: access === 'direct',
    next: 0,
  }),
  benchmarks: {
    ops1000: (s) => {
      const from = s.next;
      s.next += BATCH;
      let sink = 0;
      let chunk = '';
      const take = (op: Op) => {
        if (!s.ndjson) {
          sink += op.k;
          return;
        }
        chunk += `${opLine(op)}\n`; // what `generate` writes (encodeOp also checks the op's shape)
        if (chunk.length >= CHUNK) {
          sink += chunk.length;
          chunk = '';
        }
      };
      if (s.direct) {
        // Scattered indexes: a multiplicative hash of the call's positions, spread over the valid ops.
        for (let i = from; i < from + BATCH; i++) take(s.w.op(0, (i * 2654435761) % s.w.lastOp));
      } else for (const op of s.w.ops(0, from, BATCH)) take(op);
      return sink + chunk.length;
    },
  },
});
