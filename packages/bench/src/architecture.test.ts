import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Data flows one way: suite → fork → run → stats → report → cli. These are the import rules that keep it so.
const SRC = fileURLToPath(new URL('.', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') && !e.name.includes('.test.') && !e.name.startsWith('test-') ? [path] : [];
  });
}

/** `folder/file.ts` → the top-level folders (or packages) it imports. */
function importsOf(file: string, root: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/from '([^']+)'/g)].map((m) => m[1] as string);
  return specs.map((spec) =>
    spec.startsWith('.') ? (relative(root, join(file, '..', spec)).split('/')[0] as string) : spec,
  );
}

function violations(folder: string, allowed: (target: string) => boolean, root = SRC): string[] {
  return sources(join(root, folder)).flatMap((file) =>
    importsOf(file, root)
      .filter((t) => t !== folder && !allowed(t))
      .map((t) => `${relative(root, file)} → ${t}`),
  );
}

const ENGINE_DENIED = ['report', 'cli'];

describe('architecture', () => {
  it('statistics compute numbers: they import no report, run, fork, git or cli code', () => {
    const denied = ['report', 'run', 'fork', 'git', 'cli', 'suite'];
    expect(violations('stats', (t) => !denied.includes(t))).toEqual([]);
  });

  it('the engine (run/) analyses with the statistics and never reaches into report or cli code', () => {
    expect(violations('run', (t) => !ENGINE_DENIED.includes(t))).toEqual([]);
  });

  it('catches a planted run → report import (the engine once took analyze() from report/output.ts)', () => {
    const root = mkdtempSync(join(tmpdir(), 'arch-'));
    mkdirSync(join(root, 'run'));
    writeFileSync(join(root, 'run', 'session.ts'), "import { analyze } from '../report/output.js';\n");
    expect(violations('run', (t) => !ENGINE_DENIED.includes(t), root)).toEqual(['run/session.ts → report']);
  });

  it('the protocol imports only itself and valibot (clients bundle it)', () => {
    expect(violations('protocol', (t) => t === 'valibot')).toEqual([]);
  });

  it('only the command line (and the entry points) import cli/', () => {
    const outside = ['suite', 'fork', 'run', 'git', 'stats', 'report', 'protocol'];
    expect(outside.flatMap((folder) => violations(folder, (t) => t !== 'cli'))).toEqual([]);
  });
});
