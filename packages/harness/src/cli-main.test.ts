import { describe, expect, it } from 'vitest';
import { EXIT } from './cli-command.js';
import { helpText, runCli } from './cli-main.js';

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
    expect(c.err()).toContain("'--jsn'");
    expect(await runCli(['list-cases', 'extra'], c.io)).toBe(EXIT.usage);
    expect(c.err()).toContain('unexpected argument "extra"');
  });

  it('lists the registered cases as JSON', async () => {
    const c = capture();
    expect(await runCli(['list-cases', '--json'], c.io)).toBe(EXIT.ok);
    expect(Array.isArray(JSON.parse(c.out()))).toBe(true);
  });
});
