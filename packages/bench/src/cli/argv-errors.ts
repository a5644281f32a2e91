/**
 * One-line usage errors for a command line that `parseArgs` refuses. Node's own messages run to three lines ("argument
 * is ambiguous. Did you forget … To specify an option argument starting with a dash …") and differ between Node
 * versions, so the offending token is found again with a lenient parse and described here, naming the bad value.
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * Edit distance (insertions, deletions, substitutions) between two short words. Written here: a dozen lines for
 * "did you mean" on a list of ~50 option names is less than a dependency.
 */
function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      next.push(Math.min(next[j - 1]! + 1, row[j]! + 1, row[j - 1]! + cost));
    }
    row = next;
  }
  return row[b.length]!;
}

/** The option name closest to `name` (a misspelling: at most 2 edits, or a prefix of one name), else undefined. */
export function closestOption(name: string, names: readonly string[]): string | undefined {
  const prefixed = names.filter((n) => name.length >= 2 && n.startsWith(name));
  if (prefixed.length === 1) return prefixed[0];
  let best: { name: string; d: number } | undefined;
  for (const n of names) {
    const d = editDistance(name, n);
    // One edit in a short name, two in a longer one (a swapped pair of letters is two: `alpah`).
    if (d <= (n.length <= 4 ? 1 : 2) && (best === undefined || d < best.d)) best = { name: n, d };
  }
  return best?.name;
}

/** The long option `-x` stands for, when it is a short alias. */
function longName(options: Options, name: string): string | undefined {
  if (Object.hasOwn(options, name)) return name;
  return Object.entries(options).find(([, o]) => o.short === name)?.[0];
}

/** The option tokens of `argv`, read leniently (unknown options and bad values included) to name what is wrong. */
function optionTokens(argv: readonly string[], options: Options) {
  const { tokens } = parseArgs({
    args: [...argv],
    options,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  return tokens.flatMap((t) => (t.kind === 'option' ? [t] : []));
}

/**
 * Describes why `parseArgs` refused `argv` under `options`, in one line naming the token; `fallback` (Node's message)
 * gives its first line when no token explains it.
 */
export function describeArgvError(argv: readonly string[], options: Options, fallback: string): string {
  for (const t of optionTokens(argv, options)) {
    const name = longName(options, t.name);
    if (name === undefined) {
      const close = t.rawName.startsWith('--') ? closestOption(t.name, Object.keys(options)) : undefined;
      return `unknown option ${t.rawName}${close ? ` (did you mean --${close}?)` : ''}`;
    }
    const takesValue = options[name]?.type === 'string';
    if (takesValue && t.value === undefined) return `${t.rawName} needs a value`;
    if (takesValue && !t.inlineValue && t.value?.startsWith('-'))
      return `${t.rawName} needs a value, got the option ${t.value} (write ${t.rawName}=${t.value} if that is the value)`;
    if (!takesValue && t.value !== undefined)
      return `${t.rawName} is a switch and takes no value (got ${JSON.stringify(t.value)})`;
  }
  return fallback.split('\n')[0]!;
}

/**
 * Names the first option `argv` gives twice though it takes one value (it is not `multiple`): node's parseArgs keeps
 * the last one silently, so `run --out a.json --out b.json` wrote only b.json and `-n 5 -n 10` took 10 without a word.
 * Returns one line naming the option and both values, worded as the harness CLI words it
 * (`-n is given 2 times ("5", "10"); give it once`), or undefined when every option is given at most once.
 */
export function describeRepeatedOption(argv: readonly string[], options: Options): string | undefined {
  const given = new Map<string, string[]>();
  for (const t of optionTokens(argv, options)) {
    const name = longName(options, t.name);
    if (name === undefined || options[name]?.multiple === true) continue;
    const values = [...(given.get(name) ?? []), t.value === undefined ? t.rawName : JSON.stringify(t.value)];
    given.set(name, values);
    if (values.length < 2) continue;
    const short = options[name]?.short;
    return `${short === undefined ? `--${name}` : `-${short}`} is given 2 times (${values.join(', ')}); give it once`;
  }
  return undefined;
}
