/**
 * Type-checks bench files before anything is measured: esbuild strips types without checking them, so a bench file
 * with a type error used to run (and measure) whatever JavaScript was left. Uses the project's own `typescript`
 * (a TypeScript project has it; this package does not ship a compiler) with the nearest tsconfig.json's options,
 * and reports only diagnostics located in the bench files themselves. TypeScript 7 has no compiler API in its main
 * export, so there its own `tsc` binary is run instead (tsc-binary.ts), with the same messages.
 */

import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BenchError, BenchTypeError } from '../errors.js';
import { isTypeScriptFile } from './discover.js';
import { tscDiagnostics } from './tsc-binary.js';
import type { TscDiagnostic } from './tsc-output.js';

type Ts = typeof import('typescript');

const HERE = fileURLToPath(import.meta.url);
/** The module `@tombstone-lab/bench` is checked against: this package's own entry, from `src` or `dist`. */
const SELF_TYPES = HERE.endsWith('.ts')
  ? join(dirname(HERE), '..', 'index.ts')
  : join(dirname(HERE), '..', 'index.d.ts');

/** The compiler a project has: TypeScript's JavaScript API (5.x, 6.x) or only its `tsc` binary (7.x). */
export type Compiler = { kind: 'api'; ts: Ts } | { kind: 'tsc'; bin: string };

/** Where `typescript` is looked for: from the project, then from the runner itself (a hoisting workspace). */
function searchPlaces(cwd: string): string[] {
  return [join(cwd, 'package.json'), HERE];
}

function findTypescript(places: readonly string[]): { require: NodeRequire; dir: string } | undefined {
  for (const from of places) {
    const req = createRequire(from);
    try {
      return { require: req, dir: dirname(req.resolve('typescript/package.json')) };
    } catch {
      // try the next place
    }
  }
  return undefined;
}

/**
 * The project's own TypeScript (else the runner's), as its API when it has one, else as its `tsc` binary; null when
 * neither resolves `typescript` (a JavaScript project). `places` are the files resolution starts from (tests).
 * @throws {BenchError} when a `typescript` resolves but has neither the API nor a `tsc` binary.
 */
export function loadCompiler(cwd: string, places: readonly string[] = searchPlaces(cwd)): Compiler | null {
  const found = findTypescript(places);
  if (!found) return null;
  const pkg = JSON.parse(readFileSync(join(found.dir, 'package.json'), 'utf8')) as {
    version?: string;
    bin?: string | Record<string, string>;
  };
  let ts: Partial<Ts> | undefined;
  try {
    ts = found.require('typescript') as Partial<Ts>;
  } catch {
    ts = undefined;
  }
  if (typeof ts?.createProgram === 'function' && typeof ts.findConfigFile === 'function')
    return { kind: 'api', ts: ts as Ts };
  const binRel = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin?.tsc;
  if (binRel !== undefined && existsSync(join(found.dir, binRel)))
    return { kind: 'tsc', bin: join(found.dir, binRel) };
  throw new BenchError(
    `typescript ${pkg.version ?? '(unknown version)'} in ${found.dir} has neither the compiler API nor a tsc ` +
      'binary, so bench files cannot be type-checked; pass --no-typecheck',
  );
}

function compilerOptions(ts: Ts, file: string): import('typescript').CompilerOptions {
  const configFile = ts.findConfigFile(dirname(file), (f) => existsSync(f));
  const base: import('typescript').CompilerOptions = configFile
    ? ts.parseJsonConfigFileContent(
        ts.readConfigFile(configFile, ts.sys.readFile).config,
        ts.sys,
        dirname(configFile),
      ).options
    : { strict: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext };
  const moduleResolution = base.moduleResolution ?? ts.ModuleResolutionKind.Bundler;
  const module = moduleResolution === ts.ModuleResolutionKind.Bundler ? ts.ModuleKind.ESNext : base.module;
  return {
    ...base,
    ...(module !== undefined ? { module } : {}),
    moduleResolution,
    noEmit: true,
    skipLibCheck: true,
    // The suite is compiled against the runner's own definition module (as esbuild's alias does), so a bench file
    // type-checks the same whether or not the project resolves `@tombstone-lab/bench` itself.
    paths: { ...(base.paths ?? {}), '@tombstone-lab/bench': [SELF_TYPES] },
  };
}

function apiDiagnostics(ts: Ts, files: readonly string[]): TscDiagnostic[] {
  const program = ts.createProgram([...files], compilerOptions(ts, files[0]!));
  const out: TscDiagnostic[] = [];
  for (const d of ts.getPreEmitDiagnostics(program)) {
    if (d.category !== ts.DiagnosticCategory.Error || !d.file) continue;
    const { line, character } = d.file.getLineAndCharacterOfPosition(d.start ?? 0);
    const message = ts.flattenDiagnosticMessageText(d.messageText, '\n');
    out.push({ file: d.file.fileName, line: line + 1, column: character + 1, code: d.code, message });
  }
  return out;
}

/**
 * Type-checks the TypeScript files among `files` (absolute paths; JavaScript bench files are not checked);
 * `display` is the directory paths in messages are relative to. `compiler` defaults to the project's own TypeScript
 * ({@link loadCompiler}); `null` means there is none.
 * @returns a one-line note when TypeScript files went unchecked because no `typescript` resolves, else undefined.
 * @throws {BenchTypeError} listing every error located in a bench file, as `file:line:column - error TSnnnn: text`.
 */
export function typecheckBenchFiles(
  all: readonly string[],
  display: string,
  given?: Compiler | null,
): string | undefined {
  const files = all.filter((f) => isTypeScriptFile(f));
  if (files.length === 0) return undefined;
  const compiler = given === undefined ? loadCompiler(display) : given;
  if (compiler === null) {
    const names = files.map((f) => relative(display, f) || f);
    const shown =
      names.length > 2 ? `${names.slice(0, 2).join(', ')} and ${names.length - 2} more` : names.join(', ');
    return `note: ${shown} not type-checked: no \`typescript\` in this project (npm install -D typescript to check them)`;
  }
  const diagnostics =
    compiler.kind === 'api'
      ? apiDiagnostics(compiler.ts, files)
      : tscDiagnostics(compiler.bin, files, display, SELF_TYPES);
  const wanted = new Set(files.map((f) => resolve(f)));
  const lines = diagnostics
    .filter((d) => wanted.has(resolve(d.file)))
    .map((d) => `${relative(display, d.file)}:${d.line}:${d.column} - error TS${d.code}: ${d.message}`);
  if (lines.length > 0) throw new BenchTypeError(lines.join('\n'));
  return undefined;
}
