import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const packages = fileURLToPath(new URL('../..', import.meta.url));
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

/** The CLI lines (`prefix …`) of the "Start here" block after `heading`, as argument arrays (no shell). */
function startHereCommands(heading: string, prefix: string): string[][] {
  const section = readme.slice(readme.indexOf('## Start here'));
  const block = /```sh\n([\s\S]*?)```/.exec(section.slice(section.indexOf(heading)))?.[1] ?? '';
  return block
    .split('\n')
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter((line) => line.startsWith(`${prefix} `))
    .map((line) => line.split(/\s+/).slice(prefix.split(' ').length));
}

function run(args: readonly string[], cwd: string) {
  return new Promise<{ code: number; out: string; err: string }>((done) => {
    execFile(process.execPath, [cli, ...args], { cwd }, (error, out, err) =>
      done({ code: error === null ? 0 : Number((error as { code?: number }).code), out, err }),
    );
  });
}

// A fresh-clone layout (the README's spec paths are relative to the repository root), written in a temp directory.
const root = mkdtempSync(join(tmpdir(), 'harness-readme-'));
symlinkSync(packages, join(root, 'packages'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('README "Start here"', () => {
  it('every command of the fresh-clone block does what the README says', async () => {
    const commands = startHereCommands('From a fresh clone', 'node $H');
    const [help, generate, check, corrupt, replay] = commands;
    expect(commands).toHaveLength(5);
    expect((await run(help!, root)).out).toContain('usage: tombstone-harness');

    const g = await run(generate!, root);
    expect(g.code).toBe(0);
    expect(g.out.trim().split('\n')).toHaveLength(5);

    const c = await run(check!, root);
    expect(c.code).toBe(0);
    expect(c.out).toMatch(/5000 ops applied and checked .*; no divergence/);

    const bad = await run(corrupt!, root);
    expect(bad.code, bad.err).toBe(1);
    expect(bad.err).toMatch(/DIVERGENCE at seed \d+ stream 0 op \d+/);
    const out = corrupt![corrupt!.indexOf('--out') + 1]!;
    const header = JSON.parse(readFileSync(join(root, out), 'utf8').split('\n')[0]!) as {
      ops: { shrunk: number };
    };
    const promised = /the shrunk history \((\d+) ops?\)/.exec(readme)?.[1];
    expect(header.ops.shrunk).toBe(Number(promised));

    const again = await run(replay!, root);
    expect(again.code).toBe(1);
    expect(again.out).toContain(`replay ${out}: seed`);
    expect(again.out).toContain('DIVERGES');
  }, 60_000);

  it("the npm block's commands run on the built-in spec names (stress aside: 100 000 ops is no unit test)", async () => {
    const commands = startHereCommands('From the npm package', 'npx tombstone-harness');
    expect(commands.map((c) => c[0])).toEqual(['list-specs', 'generate', 'check', 'stress', '--version']);
    for (const args of commands.filter((c) => c[0] !== 'stress')) {
      const r = await run(args, root);
      expect(r.code, `${args.join(' ')}: ${r.err}`).toBe(0);
      expect(r.out).not.toBe('');
    }
  }, 60_000);
});
