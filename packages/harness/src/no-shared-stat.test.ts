import { execFile } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sources } from './test-sources.js';

// A stat without `bigint: true` leaves its result in the one stat array node:fs shares with realpathSync, and Node
// 20's realpathSync, reaching a path prefix it has cached as real, reads that array to decide "a pipe or socket:
// stop resolving". So a stat that lands on a pipe (stdout under `| tee`) made the next import resolve to its
// unresolved pnpm symlink: the built CLI's `stress` died with "Cannot find module 'base64-js'" (required by
// hdr-histogram-js, loaded from packages/harness/node_modules/…). Every stat in src passes `bigint: true`.
const SRC = fileURLToPath(new URL('.', import.meta.url));
const PACKAGE = fileURLToPath(new URL('..', import.meta.url));

/** The `statSync` / `fstatSync` / `lstatSync` calls of `text` that do not pass `bigint: true`, as `line: call`. */
function sharedStatCalls(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/\b(?:f|l)?statSync\(([^()]*(?:\([^()]*\)[^()]*)*)\)/g)) {
    if (/\bbigint:\s*true\b/.test(m[1] ?? '')) continue;
    const line = text.slice(0, m.index).split('\n').length;
    found.push(`${line}: ${m[0]}`);
  }
  return found;
}

/** The module a child Node, its stdout a pipe, resolves `@tombstone-lab/bench/format` to after stat-ing fd 1. */
function resolvedAfterStat(stat: string): Promise<string> {
  const script = `import { fstatSync } from 'node:fs'; ${stat}; console.log(import.meta.resolve('@tombstone-lab/bench/format'));`;
  return new Promise((done, fail) => {
    execFile(process.execPath, ['--input-type=module', '-e', script], { cwd: PACKAGE }, (error, out) =>
      error ? fail(error) : done(out.trim()),
    );
  });
}

describe('stats leave realpathSync alone', () => {
  it('every stat in src passes bigint: true', () => {
    const offending = sources(SRC).flatMap((file) =>
      sharedStatCalls(readFileSync(file, 'utf8')).map((call) => `${relative(SRC, file)}:${call}`),
    );
    expect(offending).toEqual([]);
  });

  it('the rule catches a plain stat, a stat with other options and fstat, and passes a bigint one', () => {
    expect(
      sharedStatCalls(
        "fstatSync(1).isFile();\nstatSync(p, { throwIfNoEntry: false });\nlstatSync(join(a, 'b'))",
      ),
    ).toEqual(['1: fstatSync(1)', '2: statSync(p, { throwIfNoEntry: false })', "3: lstatSync(join(a, 'b'))"]);
    expect(sharedStatCalls("statSync(join(a, 'b'), { bigint: true, throwIfNoEntry: false })")).toEqual([]);
  });

  it('after a bigint fstat of a pipe, bench resolves to its real path (the plain fstat is what broke it)', async () => {
    const real = realpathSync(join(PACKAGE, '..', 'bench', 'dist', 'format.js'));
    expect(fileURLToPath(await resolvedAfterStat('fstatSync(1, { bigint: true })'))).toBe(real);
    // On the Node this was found on (20.20.2), a plain fstat resolves through the symlink; a Node that fixes
    // realpathSync gives the real path here too. Either way the rule above keeps src off the shared array.
    const plain = fileURLToPath(await resolvedAfterStat('fstatSync(1)'));
    expect([real, join(PACKAGE, 'node_modules', '@tombstone-lab', 'bench', 'dist', 'format.js')]).toContain(
      plain,
    );
  }, 30_000);
});
