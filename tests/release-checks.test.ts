// The release rehearsal's checks (.ci/release/rehearsal.mjs) catch what they exist for: each planted fault below
// (a version changesets did not write, a repeated "Updated dependencies", a workspace range rewritten, a dev
// dependency or a test file in a user's install) must fail its check, and the clean case must pass.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CHECKS = fileURLToPath(new URL('../.ci/release/rehearsal.mjs', import.meta.url));
const run = (...args: string[]) => spawnSync(process.execPath, [CHECKS, ...args], { encoding: 'utf8' });
const write = (file: string, text: string) => {
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, text);
};
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** A two-package workspace after `changeset version`: a@0.2.0 and b@0.1.1 (b depends on a). */
function versionedRepo(changes: { bVersion?: string; bRange?: string; bChangelog?: string } = {}) {
  const repo = mkdtempSync(join(tmpdir(), 'release-checks-'));
  write(
    join(repo, 'package.json'),
    json({ name: 'root', private: true, devDependencies: { vitest: '1.0.0' } }),
  );
  write(join(repo, 'packages/a/package.json'), json({ name: 'a', version: '0.2.0' }));
  write(
    join(repo, 'packages/a/CHANGELOG.md'),
    '# a\n\n## 0.2.0\n\n### Minor Changes\n\n- Release rehearsal.\n',
  );
  write(
    join(repo, 'packages/b/package.json'),
    json({
      name: 'b',
      version: changes.bVersion ?? '0.1.1',
      dependencies: { a: changes.bRange ?? 'workspace:*' },
    }),
  );
  write(
    join(repo, 'packages/b/CHANGELOG.md'),
    changes.bChangelog ??
      '# b\n\n## 0.1.1\n\n### Patch Changes\n\n- Release rehearsal.\n- Updated dependencies\n  - a@0.2.0\n\n## 0.1.0\n',
  );
  write(join(repo, 'expected.json'), json({ a: '0.2.0', b: '0.1.1' }));
  return repo;
}

describe('expected versions', () => {
  it('takes the highest bump per package over every pending changeset', () => {
    const repo = mkdtempSync(join(tmpdir(), 'release-checks-'));
    write(join(repo, 'packages/a/package.json'), json({ name: '@s/a', version: '0.1.0' }));
    write(join(repo, 'packages/b/package.json'), json({ name: '@s/b', version: '1.2.3' }));
    write(join(repo, '.changeset/one.md'), '---\n"@s/a": patch\n"@s/b": patch\n---\n\nx\n');
    write(join(repo, '.changeset/two.md'), "---\n'@s/a': minor\n---\n\ny\n");
    write(join(repo, '.changeset/README.md'), '---\n"@s/b": major\n---\n');
    const r = run('expected', repo);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ '@s/a': '0.2.0', '@s/b': '1.2.4' });
  });
});

describe('versioned', () => {
  it('passes what changeset version writes', () => {
    const repo = versionedRepo();
    const r = run('versioned', repo, join(repo, 'expected.json'));
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it.each([
    ['a version changesets did not write', { bVersion: '0.2.0' }, /b: version 0\.2\.0, expected 0\.1\.1/],
    ['an internal range rewritten', { bRange: '^0.2.0' }, /b: a range \^0\.2\.0, not workspace:\*/],
    [
      'a repeated "Updated dependencies"',
      {
        bChangelog:
          '# b\n\n## 0.1.1\n\n- Release rehearsal.\n- Updated dependencies\n- Updated dependencies\n',
      },
      /says "Updated dependencies" 2 times/,
    ],
    [
      'a CHANGELOG without the new version',
      { bChangelog: '# b\n\n## 0.1.0\n\n- x\n' },
      /CHANGELOG starts with ## 0\.1\.0/,
    ],
  ])('fails on %s', (_name, changes, message) => {
    const repo = versionedRepo(changes);
    const r = run('versioned', repo, join(repo, 'expected.json'));
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(message);
  });
});

describe('installed tree', () => {
  /** A project with `a` installed (npm's flat layout) plus whatever `extra` adds. */
  function project(extra: (modules: string) => void = () => {}) {
    const repo = versionedRepo();
    const app = join(repo, 'app');
    const modules = join(app, 'node_modules');
    write(join(modules, 'a/package.json'), json({ name: 'a', version: '0.2.0' }));
    write(join(modules, 'a/index.js'), '');
    write(join(modules, 'dep/package.json'), json({ name: 'dep', version: '1.0.0' }));
    extra(modules);
    write(join(repo, 'closure.txt'), 'dep@1.0.0\n');
    return run('tree', repo, app, join(repo, 'expected.json'), join(repo, 'closure.txt'), 'a');
  }

  it('passes the package and its runtime dependencies', () => {
    const r = project();
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('fails on a dev dependency in the install', () => {
    const r = project((m) =>
      write(join(m, 'vitest/package.json'), json({ name: 'vitest', version: '1.0.0' })),
    );
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/installed but not needed: vitest@1\.0\.0/);
    expect(r.stderr).toMatch(/dev-only: vitest@1\.0\.0/);
  });

  it('fails on a shipped test file', () => {
    const r = project((m) => write(join(m, 'a/dist/x.test.js'), ''));
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/a ships tests: dist\/x\.test\.js/);
  });

  it("finds packages nested in pnpm's store layout", () => {
    const r = project((m) =>
      write(
        join(m, '.pnpm/extra@2.0.0/node_modules/extra/package.json'),
        json({ name: 'extra', version: '2.0.0' }),
      ),
    );
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/installed but not needed: extra@2\.0\.0/);
  });
});
