// Bundles the extension (CommonJS, `vscode` external) and the e2e driver. Workspace libraries are bundled from
// their TypeScript sources through the `@tombstone-lab/source` export condition.
import { createRequire } from 'node:module';
import { build } from 'esbuild';

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  conditions: ['@tombstone-lab/source'],
  sourcemap: false,
  logLevel: 'warning',
  metafile: true,
};

// The bench package's index also exports its runner (esbuild, forks, CLI); only pure modules may reach the bundle.
// esbuild warns while parsing those modules even though tree shaking drops them, so the warnings are silenced
// here and the output is checked instead.
const RUNNER_ONLY = [/node_modules\/esbuild\//, /packages\/bench\/src\/(compile|fork|cli|runner|git)\.ts$/];

const ext = await build({
  ...common,
  entryPoints: ['src/extension.ts'],
  outfile: 'dist/extension.cjs',
  external: ['vscode'],
  minify: true,
  // The bundled engine (readRun, analyzeRun, compareFiles for saved results) has ESM modules that read
  // import.meta.url when loaded (bench's stack-excerpt.ts); in this CommonJS bundle it is the bundle's own URL.
  banner: { js: "const __importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
  define: { 'import.meta.url': '__importMetaUrl' },
  logOverride: { 'require-resolve-not-external': 'silent' },
});
await build({
  ...common,
  entryPoints: ['e2e/run.ts'],
  outdir: 'dist/e2e',
  outExtension: { '.js': '.cjs' },
  external: ['vscode', 'playwright-core'],
});
const out = ext.metafile.outputs['dist/extension.cjs'];
const used = Object.entries(out.inputs)
  .filter(([, i]) => i.bytesInOutput > 0)
  .map(([name]) => name);
const leaked = used.filter((name) => RUNNER_ONLY.some((re) => re.test(name)));
if (leaked.length > 0) throw new Error(`the extension bundle pulled in runner code: ${leaked.join(', ')}`);
console.log(`dist/extension.cjs: ${(out.bytes / 1024).toFixed(1)} KiB from ${used.length} modules`);

// The bundle must load outside the editor too: a module that throws when loaded (import.meta.url read in a
// CommonJS bundle did) leaves the installed extension without lenses or commands and without an error anyone sees.
const require = createRequire(import.meta.url);
const Module = require('node:module');
const load = Module._load;
Module._load = (request, ...rest) => (request === 'vscode' ? {} : load(request, ...rest));
try {
  const ext = require('./dist/extension.cjs');
  if (typeof ext.activate !== 'function') throw new Error('dist/extension.cjs exports no activate()');
} finally {
  Module._load = load;
}
