import { describe, expect, it } from 'vitest';
import { tempProject } from '../test-helpers.js';
import { describeRecipe, detectProject, recipeFor } from './project-recipe.js';

const manifest = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({ name: 'x', version: '1.0.0', scripts: { build: 'tsc' }, ...extra });

describe('detectProject / recipeFor', () => {
  it('npm: package-lock.json → npm ci (offline first), npm run build', () => {
    const dir = tempProject({ 'package.json': manifest(), 'package-lock.json': '{}' });
    const p = detectProject(dir);
    expect(p).toEqual({ manager: 'npm', source: 'package-lock.json', hasBuildScript: true });
    const r = recipeFor(p, 1000);
    expect(r.install).toEqual([
      ['npm', 'ci', '--offline', '--no-audit', '--no-fund'],
      ['npm', 'ci', '--no-audit', '--no-fund'],
    ]);
    expect(r.build).toEqual([['npm', 'run', 'build']]);
    expect(describeRecipe(p, r)).toMatch(
      /^npm \(package-lock\.json\): npm ci --offline .* \|\| npm ci .*, then npm run build$/,
    );
  });

  it('pnpm and yarn lockfiles; yarn berry by .yarnrc.yml', () => {
    expect(detectProject(tempProject({ 'package.json': manifest(), 'pnpm-lock.yaml': '' })).manager).toBe(
      'pnpm',
    );
    const yarn = detectProject(tempProject({ 'package.json': manifest(), 'yarn.lock': '' }));
    expect(yarn.manager).toBe('yarn');
    expect(recipeFor(yarn, 1).build).toEqual([['yarn', 'run', 'build']]);
    const berry = detectProject(
      tempProject({ 'package.json': manifest(), 'yarn.lock': '', '.yarnrc.yml': '' }),
    );
    expect(recipeFor(berry, 1).install).toEqual([['yarn', 'install', '--immutable']]);
  });

  it('no build script → no build step (not a `Command "build" not found` failure)', () => {
    const dir = tempProject({ 'package.json': JSON.stringify({ name: 'x' }), 'package-lock.json': '{}' });
    expect(recipeFor(detectProject(dir), 1).build).toEqual([]);
  });

  it('no lockfile: packageManager field, else npm install; no package.json: nothing to do', () => {
    const field = detectProject(tempProject({ 'package.json': manifest({ packageManager: 'pnpm@9.1.0' }) }));
    expect(field).toMatchObject({ manager: 'pnpm', source: 'package.json packageManager' });
    const bare = detectProject(tempProject({ 'package.json': manifest() }));
    expect(recipeFor(bare, 1).install).toEqual([['npm', 'install', '--no-audit', '--no-fund']]);
    const none = detectProject(tempProject({ 'README.md': 'x' }));
    expect(none.manager).toBeNull();
    expect(recipeFor(none, 1)).toEqual({ install: [], build: [], timeoutMs: 1 });
  });
});
