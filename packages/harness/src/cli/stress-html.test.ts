import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './main.js';
import { stressCommand } from './stress-command.js';

function harness() {
  const command = stressCommand(async () => ({
    specName: 'fake',
    target: {
      opAt: (k) => ({ kind: k % 3 === 0 ? 'flush' : 'insert', execute: () => ({ partitions: 1, rows: 2 }) }),
    },
  }));
  const out: string[] = [];
  const err: string[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'stress-html-'));
  const io = { stdout: (t: string) => out.push(t), stderr: (t: string) => err.push(t), cwd: dir };
  return { run: (args: string[]) => runCli(['stress', ...args], io, [command]), out, err, dir };
}

const base = ['--spec', 's.json', '--seed', '7', '--ops', '2000', '--hdr-log', 'x.hlog'];

describe('stress --html', () => {
  it('writes one page with the three pictures and the results table, and names it', async () => {
    const h = harness();
    expect(await h.run([...base, '--rate', '100000', '--html', 'report.html'])).toBe(0);
    const page = readFileSync(join(h.dir, 'report.html'), 'utf8');
    expect(page.match(/<svg /g)).toHaveLength(3);
    for (const title of [
      'Latency over time',
      'Throughput over time',
      'Latency percentile distribution per op kind',
    ])
      expect(page).toContain(`<title>${title} — spec fake · seed 7`);
    expect(page).toContain('max service time (from actual start)');
    expect(page).toMatch(/<pre style="font-size:clamp\(8px, [^"]+\)">Results \(spec fake/);
    // Named as typed, relative to the working directory (it printed the absolute path).
    expect(h.out.join('')).toContain('HdrHistogram log: x.hlog\nHTML report: report.html\n');
  });

  it('refuses an existing file, --html with --compare, and a missing directory, before any work', async () => {
    const h = harness();
    writeFileSync(join(h.dir, 'old.html'), 'earlier report');
    expect(await h.run([...base, '--html', 'old.html'])).toBe(2);
    expect(h.err.join('')).toMatch(/--html "old\.html": already exists; pass --force/);
    expect(readFileSync(join(h.dir, 'old.html'), 'utf8')).toBe('earlier report');
    expect(await h.run([...base, '--html', 'r.html', '--compare', 'eager', 'persistent'])).toBe(2);
    expect(h.err.join('')).toContain('--html draws a single run');
    expect(await h.run([...base, '--html', 'old.html/r.html'])).toBe(2);
    expect(h.err.join('')).toContain('is a file, not a directory');
    expect(existsSync(join(h.dir, 'x.hlog'))).toBe(false);
    expect(readdirSync(h.dir)).toEqual(['old.html']);
  });

  it('replaces an existing file with --force (and only then)', async () => {
    const h = harness();
    writeFileSync(join(h.dir, 'old.html'), 'earlier report');
    expect(
      await h.run(['--spec', 's.json', '--seed', '7', '--ops', '200', '--html', 'old.html', '--force']),
    ).toBe(0);
    expect(readFileSync(join(h.dir, 'old.html'), 'utf8')).toMatch(/^<!doctype html>/i);
  });
});
