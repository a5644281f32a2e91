/**
 * How to install and build a checked-out revision of *any* JavaScript project: the package manager from its
 * lockfile (pnpm, npm, yarn classic or berry; `packageManager` in package.json when there is no lockfile) and the
 * build step only when package.json has a `build` script. Without this an npm project got `ERR_PNPM_NO_LOCKFILE`
 * and then `Command "build" not found`.
 */

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildRecipe, Command } from './git.js';

/** A package manager the recipe knows. */
export type PackageManager = 'pnpm' | 'npm' | 'yarn' | 'yarn-berry';

/** What was detected in a tree, and from which file (printed so a user sees why a command was chosen). */
export interface DetectedProject {
  manager: PackageManager | null;
  /** The file the manager was read from, e.g. `package-lock.json`, or null without one. */
  source: string | null;
  hasBuildScript: boolean;
}

const LOCKFILES: readonly (readonly [string, PackageManager])[] = [
  ['pnpm-lock.yaml', 'pnpm'],
  ['package-lock.json', 'npm'],
  ['npm-shrinkwrap.json', 'npm'],
  ['yarn.lock', 'yarn'],
];

interface Manifest {
  packageManager?: unknown;
  scripts?: Record<string, unknown>;
}

function readManifest(dir: string): Manifest | null {
  const file = join(dir, 'package.json');
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

function fromPackageManagerField(field: unknown): PackageManager | null {
  if (typeof field !== 'string') return null;
  const [name, version = ''] = field.split('@');
  if (name === 'pnpm' || name === 'npm') return name;
  if (name === 'yarn') return Number.parseInt(version, 10) >= 2 ? 'yarn-berry' : 'yarn';
  return null;
}

/** Detects the package manager and build script of the project rooted at `dir`. */
export function detectProject(dir: string): DetectedProject {
  const manifest = readManifest(dir);
  const hasBuildScript = typeof manifest?.scripts?.build === 'string';
  const field = fromPackageManagerField(manifest?.packageManager);
  for (const [file, manager] of LOCKFILES) {
    if (!existsSync(join(dir, file))) continue;
    // yarn.lock is shared by classic and berry; berry projects carry .yarnrc.yml or say so in packageManager.
    const berry = manager === 'yarn' && (field === 'yarn-berry' || existsSync(join(dir, '.yarnrc.yml')));
    return { manager: berry ? 'yarn-berry' : manager, source: file, hasBuildScript };
  }
  if (field) return { manager: field, source: 'package.json packageManager', hasBuildScript };
  return { manager: manifest ? 'npm' : null, source: null, hasBuildScript };
}

/** Install alternatives per manager: offline first where the manager has it (fast, no network), then online. */
const INSTALL: Readonly<Record<PackageManager, Command[]>> = {
  pnpm: [
    ['pnpm', 'install', '--frozen-lockfile', '--offline'],
    ['pnpm', 'install', '--frozen-lockfile'],
  ],
  npm: [
    ['npm', 'ci', '--offline', '--no-audit', '--no-fund'],
    ['npm', 'ci', '--no-audit', '--no-fund'],
  ],
  yarn: [
    ['yarn', 'install', '--frozen-lockfile', '--offline'],
    ['yarn', 'install', '--frozen-lockfile'],
  ],
  'yarn-berry': [['yarn', 'install', '--immutable']],
};

const RUN: Readonly<Record<PackageManager, string>> = {
  pnpm: 'pnpm',
  npm: 'npm',
  yarn: 'yarn',
  'yarn-berry': 'yarn',
};

/** The install/build recipe for a detected project; `npm install` when there is a package.json but no lockfile. */
export function recipeFor(project: DetectedProject, timeoutMs: number): BuildRecipe {
  const m = project.manager;
  if (m === null) return { install: [], build: [], timeoutMs };
  const install =
    project.source === null ? [['npm', 'install', '--no-audit', '--no-fund'] as Command] : INSTALL[m];
  return { install, build: project.hasBuildScript ? [[RUN[m], 'run', 'build']] : [], timeoutMs };
}

/** One line for stderr: "npm (package-lock.json): npm ci --offline …, then npm run build". */
export function describeRecipe(project: DetectedProject, recipe: BuildRecipe): string {
  const steps = [
    recipe.install.length ? recipe.install.map((c) => c.join(' ')).join(' || ') : 'no install',
    recipe.build.length ? recipe.build.map((c) => c.join(' ')).join(' || ') : 'no build script',
  ];
  return `${project.manager ?? 'no package.json'}${project.source ? ` (${project.source})` : ''}: ${steps.join(', then ')}`;
}
