import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { userEnv } from './cli/test-cli.js';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

/** The `npx tombstone-harness …` lines of the README's "Start here" block, as argument arrays (no shell). */
function startHereCommands(): string[][] {
  const section = readme.slice(readme.indexOf('## Start here'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  return block
    .split('\n')
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter((line) => line.startsWith('npx tombstone-harness '))
    .map((line) => line.split(/\s+/).slice(2));
}

function run(args: readonly string[], cwd: string) {
  return new Promise<{ code: number; out: string; err: string }>((done) => {
    execFile(process.execPath, [cli, ...args], { cwd, env: userEnv() }, (error, out, err) =>
      done({ code: error === null ? 0 : Number((error as { code?: number }).code), out, err }),
    );
  });
}

// A user's empty project directory: the README's commands may rely on nothing but the package.
const project = mkdtempSync(join(tmpdir(), 'harness-readme-'));
afterAll(() => rmSync(project, { recursive: true, force: true }));

describe('README "Start here"', () => {
  it('speaks to package users: no monorepo paths, maintainer scripts, commits or load averages', () => {
    const user = readme.replace(/\(https:\/\/[^)]*\)/g, '');
    for (const forbidden of [
      /packages\//,
      /\/work\//,
      /scripts\/long-check/,
      /\b[0-9a-f]{7}\b/,
      /load average/i,
    ])
      expect(user).not.toMatch(forbidden);
  });

  it('every command of the block does what the README says, and the same command twice overwrites nothing', async () => {
    const commands = startHereCommands();
    expect(commands.map((c) => c.slice(0, 2).join(' '))).toEqual([
      'list-specs',
      'generate --spec',
      'check --spec',
      'check --spec',
      'check --replay',
      'stress --spec',
      '--version',
    ]);
    const [list, generate, check, corrupt, replay, stress, version] = commands;
    expect((await run(list!, project)).out).toMatch(/^check-mixed +.*checkable$/m);
    const g = await run(generate!, project);
    expect(g.code).toBe(0);
    expect(g.out.trim().split('\n')).toHaveLength(5);

    const c = await run(check!, project);
    expect(c.code).toBe(0);
    expect(c.out).toMatch(/5000 ops applied and checked .*; no divergence/);

    const bad = await run(corrupt!, project);
    expect(bad.code, bad.err).toBe(1);
    expect(bad.err).toMatch(/DIVERGENCE at seed 1 stream 0 op 230/);
    const out = corrupt![corrupt!.indexOf('--out') + 1]!;
    const header = JSON.parse(readFileSync(join(project, out), 'utf8').split('\n')[0]!) as {
      ops: { shrunk: number };
    };
    const promised = /writes the shrunk history \((\d+) ops?\)/.exec(readme)?.[1];
    expect(header.ops.shrunk).toBe(Number(promised));
    const twice = await run(corrupt!, project);
    expect(twice.code).toBe(2);
    expect(twice.err).toContain('already exists; pass --force');

    const again = await run(replay!, project);
    expect(again.code).toBe(1);
    expect(again.out).toContain(`replay ${out}: seed`);
    expect(again.out).toContain('DIVERGES');
    // The built CLI with its stdout a pipe (as CI's `| tee` and every script have it): a plain fstatSync(1) once made
    // the next import resolve bench through its pnpm symlink, and stress died with "Cannot find module 'base64-js'".
    const s = await run(stress!, project);
    expect(s.code, s.err).toBe(0);
    expect(s.out).toMatch(/^Op rate +[\d,]+ op\/s/m);
    expect(s.out).toMatch(/^CPU per million ops +[\d.]+ s$/m);
    expect((await run(version!, project)).out).toMatch(/^\d+\.\d+\.\d+/);
  }, 120_000);
});
