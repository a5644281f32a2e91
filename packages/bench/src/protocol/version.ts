/**
 * The one version of everything the runner writes for other programs: the NDJSON events, `list --json`, and the
 * results file (`schemaVersion`). Bump it on any change of a payload's shape; `shape.test.ts` fails until you do.
 * 1: the first stream (analysis and summary untyped). 2: every payload typed and validated by `parseEvent`.
 * 3: verdict and check reasons are structured (`basis`, `findings`: measured value and limit, no text), and the
 * summary says whether the sample sizes can reach alpha (`reach`); a run cancelled before measuring ends with a
 * `run-cancelled` event.
 * 4: a sample of an injected-slowdown run carries the injected share it measured on each clock (`injected`).
 * 5: sequential sampling: a run's config may carry its design (`sequential`), a benchmark its `looks`, a verdict
 * where it was decided (`sequential`); a decided benchmark's unneeded forks come as `samples-skipped`.
 * 6: one RunReport for an analysed run (`RunReportSchema`): `report --format json` writes it as `analysis` (its
 * own `analysisVersion` is gone), `run-finished` carries its analyses, and `compare-files --json` has a schema and a
 * `protocol` field. The results file's records are unchanged.
 * 7: the futility stop: a look may decide `futility` and carries its `predictivePower`; a sequential config its
 * `futility` gamma (absent: no futility stop).
 * Also 7: `compare-files --json` prints a RunReport (its `comparison` of kind `files`: the two files, the side
 * compared, the benchmarks found in one file only); its own schema (`FileComparisonSchema`) is gone.
 * 8: the warm-up minimum: a results file's `measurement` and a benchmark's `sampling` may carry `warmupMinMs`
 * (absent: no minimum), so `--resume` refuses a changed one and an older runner refuses the file.
 * 9: a verdict's `equivalence` (its Hodges-Lehmann interval held against ±threshold: bounds in percent, half-width
 * over the threshold, within ±threshold, below +threshold, and whether an Unchanged/Held claim is not shown by it)
 * and the summary's `claimsNotShown` counts. The results file's records are unchanged.
 * 10: the paired design: a run's config may carry its `design` (`paired`: both sides in one fork, in alternating
 * ABBA/BAAB blocks; `forks`: one side per fork, the only design before), a sample of a paired fork its `pair` (the
 * fork, which side went first, every block), a benchmark that fell back to another design its `design` and the
 * reason; a verdict's `stats` carry `design` and, when paired, the signed-rank test (`wPlus`) over the forks' log
 * ratios; Unchanged and Held are given only when the interval shows them, otherwise the outcome is Inconclusive
 * with what would resolve it (`basis.unresolved`), so protocol 9's not-shown mark is gone (`equivalence.claimNotShown`,
 * `summary.claimsNotShown`); the pairing check of paired forks tests the order (`first_side_p`, `block_lead_p`).
 */
export const PROTOCOL_VERSION = 10 as const;

/**
 * Versions whose results files this runner still reads: a results file holds the run's records (samples,
 * failures, settings), whose shape is the same in 1–10 (4, 5, 7, 8 and 10 add optional fields: a file without
 * `sequential` is a fixed-n run, one without `futility` had no futility stop, one without `warmupMinMs` no warm-up
 * minimum, one without `design` measured one side per fork; 6 and 9 changed only the analysis, which is recomputed
 * from the records). All are read with the one results
 * schema (`RunRecordSchema`).
 */
export const READABLE_VERSIONS: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, PROTOCOL_VERSION];
