import { UsageError } from '../errors.js';
import type { ParamValue, Role } from '../model.js';
import type { SuiteSampling } from './define.js';

/** The JSON-safe shape of a suite, as reported by a fork in `describe` mode. */
export interface SuiteShape {
  name: string;
  params: Record<string, ParamValue[]>;
  compare: { factor: string; baseline: string; candidate: string } | null;
  primary: string[] | null;
  /** The suite's own measurement defaults (absent: the runner's). */
  sampling?: SuiteSampling;
  benchmarks: string[];
}

/** One benchmark case to measure: suite × benchmark × one assignment of the suite's params. */
export interface BenchCase {
  /** Bench file the case comes from (absolute path in the candidate tree). */
  file: string;
  suite: string;
  benchmark: string;
  params: Record<string, ParamValue>;
  key: string;
  role: Role;
}

/** `Suite.bench[size=10,mode=a]`, or `Suite.bench` without params; the key format of the seed reports. */
export function caseKey(suite: string, benchmark: string, params: Record<string, ParamValue>): string {
  const parts = Object.entries(params).map(([k, v]) => `${k}=${String(v)}`);
  return `${suite}.${benchmark}${parts.length > 0 ? `[${parts.join(',')}]` : ''}`;
}

function cartesian(params: Record<string, ParamValue[]>): Record<string, ParamValue>[] {
  let out: Record<string, ParamValue>[] = [{}];
  for (const [name, levels] of Object.entries(params)) {
    out = out.flatMap((partial) => levels.map((level) => ({ ...partial, [name]: level })));
  }
  return out;
}

/**
 * True when a `primary` selector names this case: `bench` (every case of it) or `bench[size=1000]`, optionally
 * `Suite.`-prefixed. Listed params must match, others are free, so a selector still applies when an in-code factor
 * becomes an extra parameter (A/A and revision mode).
 */
function selects(selector: string, c: Pick<BenchCase, 'suite' | 'benchmark' | 'params'>): boolean {
  const bare = selector.startsWith(`${c.suite}.`) ? selector.slice(c.suite.length + 1) : selector;
  const m = /^([^[\]]+)(?:\[(.*)\])?$/.exec(bare);
  if (!m || m[1] !== c.benchmark) return false;
  if (m[2] === undefined || m[2] === '') return true;
  return m[2].split(',').every((pair) => {
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    return eq > 0 && Object.hasOwn(c.params, name) && String(c.params[name]) === pair.slice(eq + 1).trim();
  });
}

/** Every case of a suite, with roles resolved; throws when a `primary` selector matches nothing. */
export function expandSuite(file: string, shape: SuiteShape): BenchCase[] {
  const cases: BenchCase[] = [];
  for (const benchmark of shape.benchmarks) {
    for (const params of cartesian(shape.params)) {
      const key = caseKey(shape.name, benchmark, params);
      cases.push({ file, suite: shape.name, benchmark, params, key, role: 'primary' });
    }
  }
  if (shape.primary) {
    for (const selector of shape.primary) {
      if (!cases.some((c) => selects(selector, c))) {
        throw new UsageError(
          `suite ${shape.name}: primary ${JSON.stringify(selector)} matches no case (cases: ${cases.map((c) => c.key).join(', ')})`,
        );
      }
    }
    for (const c of cases) {
      c.role = shape.primary.some((s) => selects(s, c)) ? 'primary' : 'guardrail';
    }
  }
  return cases;
}

/** Parses `--param size=10,1000,mode=a` into `{ size: ['10', '1000'], mode: ['a'] }` (values still strings). */
export function parseParamFilter(specs: readonly string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const spec of specs) {
    let current: string | null = null;
    for (const part of spec.split(',')) {
      const eq = part.indexOf('=');
      if (eq >= 0) {
        current = part.slice(0, eq).trim();
        if (current === '') throw new UsageError(`--param ${JSON.stringify(spec)}: empty parameter name`);
        const values = out.get(current) ?? [];
        values.push(part.slice(eq + 1).trim());
        out.set(current, values);
      } else if (current === null) {
        throw new UsageError(
          `--param ${JSON.stringify(spec)}: expected name=value, got ${JSON.stringify(part)}`,
        );
      } else {
        out.get(current)?.push(part.trim());
      }
    }
  }
  return out;
}

/** Selection options applied to the expanded cases. */
export interface CaseSelection {
  /** Regular expression tested against each case key. */
  filter?: string;
  /** Parameter restrictions from {@link parseParamFilter}. */
  params?: Map<string, string[]>;
}

/**
 * Applies `--filter` and `--param` to the suites' cases. Unknown parameter names or values, a bad regular expression
 * and an empty selection are {@link UsageError}s naming the offending input.
 */
export function selectCases(
  shapes: ReadonlyArray<{ file: string; shape: SuiteShape }>,
  sel: CaseSelection,
): BenchCase[] {
  let re: RegExp | null = null;
  if (sel.filter !== undefined) {
    try {
      re = new RegExp(sel.filter);
    } catch (e) {
      throw new UsageError(
        `--filter ${JSON.stringify(sel.filter)} is not a valid regular expression: ${(e as Error).message}`,
      );
    }
  }
  for (const [name, values] of sel.params ?? []) {
    const owners = shapes.filter((s) => Object.hasOwn(s.shape.params, name));
    if (owners.length === 0) {
      const known = [...new Set(shapes.flatMap((s) => Object.keys(s.shape.params)))];
      throw new UsageError(
        `unknown parameter ${JSON.stringify(name)} (known: ${known.join(', ') || 'none'})`,
      );
    }
    for (const v of values) {
      if (!owners.some((s) => s.shape.params[name]?.some((level) => String(level) === v))) {
        const levels = [...new Set(owners.flatMap((s) => (s.shape.params[name] ?? []).map(String)))];
        throw new UsageError(
          `unknown value ${JSON.stringify(v)} for parameter ${name} (levels: ${levels.join(', ')})`,
        );
      }
    }
  }
  const all = shapes.flatMap((s) => expandSuite(s.file, s.shape));
  const picked = all.filter((c) => {
    if (re && !re.test(c.key)) return false;
    for (const [name, values] of sel.params ?? []) {
      if (Object.hasOwn(c.params, name) && !values.includes(String(c.params[name]))) return false;
    }
    return true;
  });
  rejectDuplicateKeys(picked);
  if (picked.length === 0) {
    throw new UsageError(
      `zero benchmarks matched${sel.filter !== undefined ? ` --filter ${JSON.stringify(sel.filter)}` : ''} (available: ${all.map((c) => c.key).join(', ') || 'none'})`,
    );
  }
  return picked;
}

/**
 * Results are stored and looked up by case key, so two cases with one key would share (or lose) one entry: one of
 * them would never be measured. Suite names may contain dots, so `A.b`/`c` and `A`/`b.c` collide too.
 */
function rejectDuplicateKeys(cases: readonly BenchCase[]): void {
  const seen = new Map<string, BenchCase>();
  for (const c of cases) {
    const first = seen.get(c.key);
    if (first) {
      const where = (x: BenchCase): string =>
        `${x.file} (suite ${JSON.stringify(x.suite)}, benchmark ${JSON.stringify(x.benchmark)})`;
      throw new UsageError(
        `benchmark key ${c.key} is defined twice: in ${where(first)} and in ${where(c)}; rename a suite or benchmark`,
      );
    }
    seen.set(c.key, c);
  }
}
