import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describeValue, HarnessArgumentError } from '../errors.js';
import { stringArgument } from './api-arguments.js';
import { parseWorkloadSpec, type WorkloadSpec } from './spec.js';

/**
 * The specs shipped in the package (`specs/` beside `dist/` and `src/`, listed in package.json `files`), so a user
 * of the npm package can run `--spec mixed` without knowing where node_modules put them.
 */
const BUILT_IN_SPECS = fileURLToPath(new URL('../../specs/', import.meta.url));

/** A bare name (no dot, no slash) means a built-in spec; anything else is a path. */
const BUILT_IN_NAME = /^[a-z0-9][a-z0-9-]*$/;

/** Names of the built-in specs, sorted (what `list-specs` prints and `--spec NAME` accepts). */
export function builtInSpecNames(): string[] {
  return readdirSync(BUILT_IN_SPECS)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
}

/**
 * Resolves `--spec`: a built-in spec name (e.g. `mixed`, see {@link builtInSpecNames}) to its shipped file, any other
 * text to a path relative to `cwd`.
 * @throws HarnessArgumentError for a bare name that is not a built-in spec, naming it and the built-in names.
 */
export function resolveSpecPath(file: string, cwd: string): string {
  if (!BUILT_IN_NAME.test(file)) return resolve(cwd, file);
  const names = builtInSpecNames();
  if (!names.includes(file)) {
    throw new HarnessArgumentError(
      `--spec ${describeValue(file)} is neither a file (.json, .js, .mjs) nor a built-in spec (${names.join(', ')})`,
    );
  }
  return join(BUILT_IN_SPECS, `${file}.json`);
}

/**
 * Loads a workload spec: a built-in spec name (`mixed`), or a file: `.json`, or a `.js` / `.mjs` module whose default export is a spec (e.g. written with
 * `defineWorkload`). The file name is named in every error.
 * @param cwd the directory a relative `file` is read from (`process.cwd()` for the caller's).
 * @throws HarnessArgumentError for a missing or unreadable file; WorkloadSpecError for an invalid spec.
 */
export async function loadSpecFile(file: string, cwd: string): Promise<WorkloadSpec> {
  stringArgument(file, 'loadSpecFile', 'file');
  stringArgument(cwd, 'loadSpecFile', 'cwd (the directory a relative file is read from, e.g. process.cwd())');
  const path = resolveSpecPath(file, cwd);
  const ext = extname(path);
  if (ext === '.js' || ext === '.mjs') {
    let module: { default?: unknown };
    try {
      module = (await import(pathToFileURL(path).href)) as { default?: unknown };
    } catch (error) {
      throw new HarnessArgumentError(
        `cannot load spec module ${describeValue(file)}: ${(error as Error).message}`,
      );
    }
    return parseWorkloadSpec(module.default, file);
  }
  if (ext !== '.json') {
    throw new HarnessArgumentError(`spec file ${describeValue(file)} must end in .json, .js or .mjs`);
  }
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new HarnessArgumentError(
      `cannot read spec file ${describeValue(file)}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new HarnessArgumentError(
      `spec file ${describeValue(file)} is not JSON: ${(error as Error).message}`,
    );
  }
  return parseWorkloadSpec(json, file);
}
