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

/** Formats a value for an error message without throwing on exotic inputs (symbols, bigint, cycles). */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'number' || typeof value === 'boolean' || value == null) return String(value);
  if (Array.isArray(value)) return `[${value.map(describeValue).join(', ')}]`;
  if (typeof value === 'object') {
    try {
      return JSON.stringify(value) ?? String(value);
    } catch {
      return Object.prototype.toString.call(value);
    }
  }
  try {
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}
