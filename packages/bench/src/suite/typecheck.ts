/**
 * Type-checks bench files before anything is measured: esbuild strips types without checking them, so a bench file
 * with a type error used to run (and measure) whatever JavaScript was left. Uses the project's own `typescript`
 * (a TypeScript project has it; this package does not ship a compiler) with the nearest tsconfig.json's options,
 * and reports only diagnostics located in the bench files themselves.
 */

import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BenchError, BenchTypeError } from '../errors.js';

type Ts = typeof import('typescript');

const HERE = fileURLToPath(import.meta.url);
/** The module `@tombstone-lab/bench` is checked against: this package's own entry, from `src` or `dist`. */
const SELF_TYPES = HERE.endsWith('.ts')
  ? join(dirname(HERE), '..', 'index.ts')
  : join(dirname(HERE), '..', 'index.d.ts');

function loadTypescript(cwd: string): Ts {
  for (const from of [join(cwd, 'package.json'), HERE]) {
    try {
      return createRequire(from)('typescript') as Ts;
    } catch {
      // try the next place
    }
  }
  throw new BenchError(
    'type-checking bench files needs the `typescript` package in this project (npm install -D typescript), ' +
      'or pass --no-typecheck',
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

/**
 * Type-checks `files` (absolute paths); `display` is the directory paths in messages are relative to.
 * @throws {BenchTypeError} listing every error located in a bench file, as `file:line:column - error TSnnnn: text`.
 */
export function typecheckBenchFiles(files: readonly string[], display: string): void {
  if (files.length === 0) return;
  const ts = loadTypescript(display);
  const program = ts.createProgram([...files], compilerOptions(ts, files[0]!));
  const wanted = new Set(files.map((f) => resolve(f)));
  const lines: string[] = [];
  for (const d of ts.getPreEmitDiagnostics(program)) {
    if (d.category !== ts.DiagnosticCategory.Error || !d.file || !wanted.has(resolve(d.file.fileName)))
      continue;
    const { line, character } = d.file.getLineAndCharacterOfPosition(d.start ?? 0);
    const text = ts.flattenDiagnosticMessageText(d.messageText, '\n');
    lines.push(
      `${relative(display, d.file.fileName)}:${line + 1}:${character + 1} - error TS${d.code}: ${text}`,
    );
  }
  if (lines.length > 0) throw new BenchTypeError(lines.join('\n'));
}
