/**
 * Type-checks bench files with a project's own `tsc` binary, for a TypeScript without the JavaScript compiler API
 * (TypeScript 7's main export holds only `version`; its API lives under unstable subpaths). The project's resolved
 * tsconfig (`tsc --showConfig`) is copied into a temporary config beside it — so its relative paths mean the same —
 * with the bench files as the only roots; the config is removed afterwards.
 */

import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { BenchError, BenchInterruptedError } from '../errors.js';
import { parseTscOutput, type TscDiagnostic } from './tsc-output.js';

/** Options that make a tsconfig build something, meaningless (or an error, e.g. with `noEmit`) for a check. */
const BUILD_ONLY = [
  'composite',
  'incremental',
  'tsBuildInfoFile',
  'declaration',
  'declarationMap',
  'emitDeclarationOnly',
  'rootDir',
  'outDir',
  'outFile',
];

function runTsc(tscBin: string, args: readonly string[], cwd: string): { status: number; text: string } {
  const r = spawnSync(process.execPath, [tscBin, ...args], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.error) throw new BenchError(`could not run ${tscBin}: ${r.error.message}`);
  // Ctrl-C on a terminal reaches tsc as well as the runner: the user stopped the run, tsc did not fail.
  if (r.signal === 'SIGINT') throw new BenchInterruptedError('type-checking the bench files');
  // tsc exits 0 (clean), 1 or 2 (diagnostics); anything else is the compiler itself failing.
  if (r.status === null || r.status > 2)
    throw new BenchError(
      `${tscBin} failed (exit ${r.status ?? r.signal}): ${(r.stderr || r.stdout).trim().split('\n')[0] ?? ''}`,
    );
  return { status: r.status, text: `${r.stdout}\n${r.stderr}` };
}

function projectOptions(tscBin: string, configFile: string): Record<string, unknown> {
  const { text } = runTsc(tscBin, ['--showConfig', '-p', configFile], dirname(configFile));
  try {
    const shown = JSON.parse(text) as { compilerOptions?: Record<string, unknown> };
    return shown.compilerOptions ?? {};
  } catch {
    throw new BenchError(
      `${configFile}: tsc --showConfig did not print a config: ${text.trim().split('\n')[0]}`,
    );
  }
}

/** The nearest tsconfig.json at or above `dir`, or undefined. */
function findConfigFile(dir: string): string | undefined {
  for (let d = resolve(dir); ; d = dirname(d)) {
    const f = join(d, 'tsconfig.json');
    if (existsSync(f)) return f;
    if (dirname(d) === d) return undefined;
  }
}

function checkConfig(base: Record<string, unknown>, files: readonly string[], selfTypes: string): object {
  const options: Record<string, unknown> = { ...base };
  for (const k of BUILD_ONLY) delete options[k];
  const paths = (base.paths ?? {}) as Record<string, string[]>;
  return {
    compilerOptions: {
      ...options,
      // esbuild bundles the bench files, so bundler resolution is what actually loads them (as the API path does).
      module: 'esnext',
      moduleResolution: 'bundler',
      noEmit: true,
      skipLibCheck: true,
      paths: { ...paths, '@tombstone-lab/bench': [selfTypes] },
    },
    files: files.map((f) => resolve(f)),
    include: [],
  };
}

/** Options for a project without a tsconfig: strict, and Node's types when the project has them. */
function defaultOptions(dir: string): Record<string, unknown> {
  const node = existsSync(join(dir, 'node_modules', '@types', 'node'));
  return { strict: true, target: 'es2022', ...(node ? { types: ['node'] } : {}) };
}

/**
 * Runs `tscBin` (a `tsc` script, started with this Node) over `files` with the nearest tsconfig's options.
 * @returns every located error, with `file` made absolute.
 */
export function tscDiagnostics(
  tscBin: string,
  files: readonly string[],
  cwd: string,
  selfTypes: string,
): TscDiagnostic[] {
  const configFile = findConfigFile(dirname(files[0]!));
  const base = configFile ? projectOptions(tscBin, configFile) : defaultOptions(cwd);
  const dir = configFile ? dirname(configFile) : cwd;
  const temp = join(dir, `.tombstone-bench-typecheck-${process.pid}.json`);
  writeFileSync(temp, JSON.stringify(checkConfig(base, files, selfTypes)));
  try {
    const { text } = runTsc(tscBin, ['--noEmit', '--pretty', 'false', '-p', temp], dir);
    return parseTscOutput(text).map((d) => ({ ...d, file: resolve(dir, d.file) }));
  } finally {
    rmSync(temp, { force: true });
  }
}
