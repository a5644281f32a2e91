import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BuildFailure, build, formatMessages, type Plugin } from 'esbuild';
import { BenchCompileError } from '../errors.js';

const HERE = fileURLToPath(import.meta.url);
/** Running from TypeScript sources (tests) rather than from `dist`: sibling modules end in `.ts`. */
const FROM_SOURCE = HERE.endsWith('.ts');
const SIBLING_EXT = FROM_SOURCE ? '.ts' : '.js';

/** Path of one of this package's own modules, from `src` or `dist` alike. */
function ownModule(name: string): string {
  return join(dirname(HERE), `${name}${SIBLING_EXT}`);
}

/**
 * Bench files import `defineSuite` from `@tombstone-lab/bench`. It always resolves to the runner's own definition
 * module: the fork worker and the suite must agree on one protocol, and a baseline revision may predate this package.
 */
const selfAlias: Plugin = {
  name: 'tombstone-bench-self',
  setup(b) {
    b.onResolve({ filter: /^@tombstone-lab\/bench$/ }, () => ({ path: ownModule('../suite/define') }));
  },
};

// ESM bundles of CommonJS dependencies call `require` for builtins; give them one.
const REQUIRE_BANNER =
  "import { createRequire as __tbCreateRequire } from 'node:module'; const require = __tbCreateRequire(import.meta.url);";

/** esbuild's first error as `file:line:column: text` (its columns are 0-based; editors count from 1). */
function firstError(failure: BuildFailure, workingDir: string): string | undefined {
  const first = failure.errors[0];
  if (!first) return undefined;
  const loc = first.location;
  return loc ? `${resolve(workingDir, loc.file)}:${loc.line}:${loc.column + 1}: ${first.text}` : first.text;
}

async function bundle(entry: { file: string }, outfile: string): Promise<void> {
  let code: Uint8Array;
  try {
    const result = await build({
      entryPoints: [entry.file],
      outfile,
      // Diagnostics then name the file relative to its own directory, not to wherever the CLI was started.
      absWorkingDir: dirname(entry.file),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      conditions: ['@tombstone-lab/source'],
      plugins: [selfAlias],
      banner: { js: REQUIRE_BANNER },
      logLevel: 'silent',
      // Inline, so a fork started with --enable-source-maps reports a throw at the user's .bench.ts line, not at
      // a line of this temp bundle.
      sourcemap: 'inline',
      minify: false,
      write: false,
    });
    code = (result.outputFiles[0] as { contents: Uint8Array }).contents;
  } catch (e) {
    const failure = e as BuildFailure;
    if (!Array.isArray(failure.errors)) throw e;
    const text = await formatMessages(failure.errors, { kind: 'error', color: false });
    throw new BenchCompileError(entry.file, text.join('').trim(), firstError(failure, dirname(entry.file)));
  }
  // Temp file + rename: a concurrent run's forks never import a half-written bundle.
  const tmp = `${outfile}.${process.pid}.tmp`;
  writeFileSync(tmp, code);
  renameSync(tmp, outfile);
}

function hash(...parts: string[]): string {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('hex').slice(0, 16);
}

/**
 * Compiles one bench file to a self-contained ESM bundle under `cacheDir`, resolving workspace libraries from
 * source. With `resolveAs` (git mode), the file's text is first copied to that path inside the other side's
 * worktree — a temp checkout the runner owns — so its imports resolve against that revision's sources, even when
 * the bench file or its directory does not exist there yet.
 */
export async function compileBench(
  file: string,
  cacheDir: string,
  side: string,
  resolveAs?: string,
): Promise<string> {
  const target = resolveAs ?? file;
  const outDir = join(cacheDir, 'bundles', side);
  mkdirSync(outDir, { recursive: true });
  const outfile = join(outDir, `${basename(file).replace(/\.[cm]?[jt]s$/, '')}-${hash(target)}.mjs`);
  if (resolveAs !== undefined && resolveAs !== file) {
    mkdirSync(dirname(resolveAs), { recursive: true });
    copyFileSync(file, resolveAs);
  }
  await bundle({ file: target }, outfile);
  return outfile;
}

const workerBundles = new Map<string, Promise<string>>();

/**
 * The fork worker script. From `dist` it is the built `fork-worker.js` beside this module; from sources (tests) it is
 * bundled once per process into the cache dir, so forks never need a TypeScript loader.
 */
export function workerScript(cacheDir: string): Promise<string> {
  if (!FROM_SOURCE) {
    const built = ownModule('fork-worker');
    if (existsSync(built)) return Promise.resolve(built);
  }
  // Rebuilt once per process and cache dir (never reused from disk): its imports may have changed since.
  return bundledOnce(workerBundles, cacheDir, 'fork-worker');
}

/** One of this package's modules bundled into `<name>-<pid>.mjs` in the cache dir, once per process and cache dir. */
function bundledOnce(
  bundles: Map<string, Promise<string>>,
  cacheDir: string,
  name: 'fork-worker' | 'measure-kit',
): Promise<string> {
  let pending = bundles.get(cacheDir);
  if (!pending) {
    pending = (async () => {
      const outfile = join(cacheDir, `${name}-${process.pid}.mjs`);
      mkdirSync(cacheDir, { recursive: true });
      await bundle({ file: ownModule(name) }, outfile);
      return outfile;
    })();
    bundles.set(cacheDir, pending);
  }
  return pending;
}

const kitBundles = new Map<string, Promise<string>>();

/**
 * The measuring kit (measure-kit.ts) bundled into one self-contained file in the cache dir, once per process and
 * cache dir. Bundled even from `dist`: there its modules import each other, and an import resolves to one shared
 * instance whatever query string the importer was loaded under, so only a single file can be loaded twice as two
 * independent copies (fork-worker.ts `importInstance`).
 */
export function kitScript(cacheDir: string): Promise<string> {
  return bundledOnce(kitBundles, cacheDir, 'measure-kit');
}
