// Test-only (excluded from the build): what a bad-input test runs against — this package's source and the compiled
// dist/ a user installs (issue 24: "a test on both builds"). The dist is what `pnpm build` wrote (CI builds before
// testing): a missing one fails the test, never skips it.
import { fileURLToPath } from 'node:url';
import type * as Source from './index.js';

/** The package's root module, as either build exports it. */
export type CoreModule = typeof Source;

const dist = fileURLToPath(new URL('../dist/index.js', import.meta.url));

/** `[name, load]` for the source and the built dist. */
export const BUILDS: readonly (readonly [string, () => Promise<CoreModule>])[] = [
  ['source', () => import('./index.js')],
  ['dist', () => import(/* @vite-ignore */ dist) as Promise<CoreModule>],
];
