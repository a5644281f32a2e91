import { describeValue, HarnessArgumentError } from '../errors.js';
import type { CliCommandInfo } from './command.js';

const UNITS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Longest `--duration`: 7 days. Longer is a typo (`99999999999h`), not a run anyone means to wait for. */
export const MAX_DURATION_MS = 7 * 24 * 3_600_000;

/**
 * Parses a duration with its unit: `500ms`, `30s`, `2m`, `1h`. A bare number is an error, not a guess at seconds
 * (`--duration 10` could mean 10 ms or 10 s). At most {@link MAX_DURATION_MS} (7 days).
 * @throws HarnessArgumentError naming the text.
 */
export function parseDuration(text: string, what = '--duration'): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)$/.exec(text);
  const ms = m ? Number(m[1]) * (UNITS[m[2]!] ?? Number.NaN) : Number.NaN;
  if (!(ms > 0) || !Number.isFinite(ms)) {
    const unitless = /^\d+(?:\.\d+)?$/.test(text) ? ' (a duration needs a unit: ms, s, m or h)' : '';
    throw new HarnessArgumentError(
      `${what} must be a positive duration with a unit like 500ms, 30s, 2m or 1h, got ${describeValue(text)}${unitless}`,
    );
  }
  if (ms > MAX_DURATION_MS)
    throw new HarnessArgumentError(`${what} must be at most 7 days (168h), got ${describeValue(text)}`);
  return ms;
}

/**
 * Parses a positive number (`--rate 5000`, `--rate 0.5`); integer options go through `integerOption`.
 * @throws HarnessArgumentError naming the option and the text.
 */
export function parsePositiveNumber(text: string, what: string): number {
  const n = /^\d+(\.\d+)?(e\d+)?$/i.test(text.trim()) ? Number(text) : Number.NaN;
  if (!(n > 0) || !Number.isFinite(n))
    throw new HarnessArgumentError(`${what} must be a positive number, got ${describeValue(text)}`);
  return n;
}

/** A live progress line for a TTY: ops done, rate, ETA; `\r`-rewritten in place. */
export function progressLine(ops: number, rate: number, etaSec: number | null): string {
  const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
  const eta =
    etaSec === null
      ? ''
      : ` · ETA ${etaSec < 60 ? `${etaSec.toFixed(0)} s` : `${(etaSec / 60).toFixed(1)} min`}`;
  return `\r\u001b[2K${grouped.format(ops)} ops · ${grouped.format(rate)} op/s${eta}`;
}

/** `stress`'s name, help and options (its run lives in stress-command.ts, loaded with bench on first use). */
export const STRESS_COMMAND_INFO: CliCommandInfo = {
  name: 'stress',
  summary:
    'run a workload for N ops or a duration (optionally at --rate on an intended-start schedule); op rate, latency percentiles, GC, CPU per op kind',
  usage:
    '--spec FILE (--ops N | --duration 30s) [--seed S] [--stream S] [--rate R] [--range-store eager|copy-on-write|persistent] [--json] [--hdr-log FILE] [--html FILE] [--force] | --compare A B [--rounds 6]',
  options: {
    spec: { type: 'string' },
    seed: { type: 'string' },
    stream: { type: 'string' },
    ops: { type: 'string' },
    duration: { type: 'string' },
    rate: { type: 'string' },
    'range-store': { type: 'string' },
    json: { type: 'boolean' },
    'hdr-log': { type: 'string' },
    html: { type: 'string' },
    force: { type: 'boolean' },
    compare: { type: 'string' },
    rounds: { type: 'string' },
  },
  positionals: true,
};
