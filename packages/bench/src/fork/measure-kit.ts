/**
 * Everything the timed region of a fork touches, as one module that the fork loads once per side: the black hole, the
 * timed batch loop, the spin of an injected slowdown, warm-up and the side's summary.
 *
 * Why a module of its own, loaded by URL rather than imported: a measuring loop shared by two functions makes its
 * call sites polymorphic, and the first function to reach it wins (notes: one loop shared by 6 equal-cost functions
 * read 0.35 ns/op for the first and 4.1–4.3 for the rest, 12×; Benchmark.js compiles one loop per benchmark, and
 * mitata documents the same bias). The runner bundles this module into one self-contained file per invocation
 * (`kitScript` in compile.ts), and a paired fork imports it twice under two URLs (`?side=baseline`,
 * `?side=candidate`): two module instances, so two copies of every function here, each with its own type feedback
 * and its own optimised code.
 */
export { BlackHole } from './black-hole.js';
export { collectGarbage, measure, runOps, SideMeasurer } from './measure.js';
