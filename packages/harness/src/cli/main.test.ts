import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { EXIT } from './command.js';
import { helpText, runCli } from './main.js';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    io: { stdout: (t: string) => out.push(t), stderr: (t: string) => err.push(t), cwd: process.cwd() },
    out: () => out.join(''),
    err: () => err.join(''),
  };
}

describe('tombstone-harness CLI', () => {
  it('prints help built from the command table', async () => {
    const c = capture();
    expect(await runCli(['--help'], c.io)).toBe(EXIT.ok);
    expect(c.out()).toBe(helpText());
    expect(c.out()).toContain('list-cases');
  });

  it('names an unknown command, an unknown option and a stray argument', async () => {
    const c = capture();
    expect(await runCli(['frobnicate'], c.io)).toBe(EXIT.usage);
    expect(c.err()).toContain('unknown command "frobnicate"');
    expect(await runCli(['list-cases', '--jsn'], c.io)).toBe(EXIT.usage);
    expect(c.err()).toContain('list-cases: unknown option --jsn (options: --json)');
    expect(await runCli(['list-cases', 'extra'], c.io)).toBe(EXIT.usage);
    expect(c.err()).toContain('unexpected argument "extra"');
  });

  it('lists the registered cases as JSON', async () => {
    const c = capture();
    expect(await runCli(['list-cases', '--json'], c.io)).toBe(EXIT.ok);
    expect(Array.isArray(JSON.parse(c.out()))).toBe(true);
  });
});

describe('tombstone-harness built-in specs and version', () => {
  it('prints the package version', async () => {
    const c = capture();
    expect(await runCli(['--version'], c.io)).toBe(EXIT.ok);
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    expect(c.out()).toBe(`${pkg.version}\n`);
  });

  it('ships the specs in the package and accepts a built-in spec name anywhere --spec is taken', async () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      files: string[];
    };
    expect(pkg.files).toContain('specs');
    const c = capture();
    const elsewhere = { ...c.io, cwd: tmpdir() };
    expect(await runCli(['list-specs'], elsewhere)).toBe(EXIT.ok);
    const json: string[] = [];
    expect(await runCli(['list-specs', '--json'], { ...elsewhere, stdout: (t) => json.push(t) })).toBe(
      EXIT.ok,
    );
    const rows = JSON.parse(json.join('')) as { name: string; checkable: boolean; lastOp: number }[];
    expect(rows.filter((r) => r.name.startsWith('check-')).every((r) => r.checkable)).toBe(true);
    expect(rows.find((r) => r.name === 'mixed')?.lastOp).toBe(2594967293);
    expect(c.out()).toMatch(/^mixed +\d clustering column/m);
    expect(helpText()).toContain('range-delete-heavy');
    expect(await runCli(['generate', '--spec', 'mixed', '--seed', '42', '--ops', '3'], elsewhere)).toBe(
      EXIT.ok,
    );
    expect(c.out().trimEnd().split('\n').at(-1)).toMatch(/^\{"k":2,/);
    expect(await runCli(['generate', '--spec', 'mixd', '--ops', '3'], elsewhere)).toBe(EXIT.usage);
    expect(c.err()).toContain(
      '--spec "mixd" is neither a file (.json, .js, .mjs) nor a built-in spec (check-mixed',
    );
  });
});
