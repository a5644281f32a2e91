/**
 * Thrown for a bad argument to the harness API or CLI (a seed, a stream, an op count, an option value). The message
 * always names the offending value.
 */
export class HarnessArgumentError extends RangeError {
  override readonly name = 'HarnessArgumentError';
}

/**
 * Thrown when a workload spec does not validate. `issues` lists every problem as `path: expected …, got …`, and the
 * message joins them, so one run shows every mistake in a spec file.
 */
export class WorkloadSpecError extends TypeError {
  override readonly name = 'WorkloadSpecError';
  readonly issues: readonly string[];

  constructor(issues: readonly string[], source?: string) {
    super(
      `${source === undefined ? 'invalid workload spec' : `invalid workload spec ${source}`}:\n  ${issues.join('\n  ')}`,
    );
    this.issues = Object.freeze([...issues]);
  }
}

/**
 * How a bad value is named in an error message: core's one rendering (strings quoted, objects shallow, no user code
 * called), so the same bad value reads the same in the harness as in core and partition.
 */
export { describeValue } from '@tombstone-lab/core/internal';
