import { readFile } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describeValue, HarnessArgumentError } from './errors.js';
import { parseWorkloadSpec, type WorkloadSpec } from './spec.js';

/**
 * Loads a workload spec file: `.json`, or a `.js` / `.mjs` module whose default export is a spec (e.g. written with
 * `defineWorkload`). The file name is named in every error.
 * @throws HarnessArgumentError for a missing or unreadable file; WorkloadSpecError for an invalid spec.
 */
export async function loadSpecFile(file: string, cwd: string): Promise<WorkloadSpec> {
  const path = resolve(cwd, file);
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
