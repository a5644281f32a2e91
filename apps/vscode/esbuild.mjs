// Bundles the extension (CommonJS, `vscode` external) and the e2e driver. Workspace libraries are bundled from
// their TypeScript sources through the `@tombstone-lab/source` export condition.
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
  logOverride: { 'empty-import-meta': 'silent', 'require-resolve-not-external': 'silent' },
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
