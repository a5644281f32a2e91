import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareStress } from './stress-compare.js';

// A stand-in CLI: prints a stress summary whose op rate depends on the range store, and logs its argv.
const FAKE_CLI = `
const fs = require('node:fs');
const args = process.argv.slice(2);
const store = args[args.indexOf('--range-store') + 1];
fs.appendFileSync(process.env.FAKE_LOG, JSON.stringify(args) + '\\n');
if (store === 'broken') { process.stderr.write('boom'); process.exit(3); }
const rate = store === 'eager' ? 1000 : 1100;
const kind = (k) => ({ kind: k, opRate: rate, partitionRate: rate, rowRate: 2 * rate, latencyMeanMs: 1, latencyMedianMs: 1,
  latencyP95Ms: 2, latencyP99Ms: 3, latencyP999Ms: 4, latencyMaxMs: 5, totalOps: 10 * rate, totalPartitions: 10 * rate, totalErrors: 0 });
process.stdout.write(JSON.stringify({ label: { seed: 1 }, elapsedSec: 10, targetRate: null, interrupted: false,
  kinds: [kind('insert'), kind('total')], gcCount: 3, gcTimeMs: 1, cpuPerMillionOps: 20 }));
`;

/** The fake CLI in a fresh directory; each run appends its argv to FAKE_LOG there. */
function fakeCli() {
  const dir = mkdtempSync(join(tmpdir(), 'compare-'));
  const cli = join(dir, 'cli.cjs');
  writeFileSync(cli, FAKE_CLI);
  process.env.FAKE_LOG = join(dir, 'argv.ndjson');
  return { dir, cli };
}

/** Every fake run's argv, in run order. */
const loggedArgv = () =>
  readFileSync(process.env.FAKE_LOG!, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as string[]);

describe('compareStress', () => {
  it('interleaves fresh processes per side, passes the shared arguments and takes per-metric medians', async () => {
    const { dir, cli } = fakeCli();
    const result = await compareStress({
      configs: ['eager', 'copy-on-write'],
      option: '--range-store',
      rounds: 3,
      args: ['--spec', 's.json', '--seed', '1', '--ops', '10'],
      cliPath: cli,
      seed: 5,
      hdrLogPrefix: join(dir, 'log'),
    });
    const argv = loggedArgv();
    expect(argv).toHaveLength(6);
    // Each pair holds one run of each side.
    for (let i = 0; i < 6; i += 2) {
      const pair = [argv[i]!, argv[i + 1]!].map((a) => a[a.indexOf('--range-store') + 1]).sort();
      expect(pair).toEqual(['copy-on-write', 'eager']);
    }
    expect(argv[0]!.slice(0, 7)).toEqual(['stress', '--spec', 's.json', '--seed', '1', '--ops', '10']);
    expect(new Set(argv.map((a) => a[a.indexOf('--hdr-log') + 1])).size).toBe(6);
    expect(result.before.kinds.at(-1)?.opRate).toBe(1000);
    expect(result.after.kinds.at(-1)?.opRate).toBe(1100);
    expect(result.before.label.processes).toBe(3);
    await expect(
      compareStress({
        configs: ['eager', 'broken'],
        option: '--range-store',
        rounds: 1,
        args: [],
        cliPath: cli,
        seed: 5,
        hdrLogPrefix: join(dir, 'log'),
      }),
    ).rejects.toThrow(/broken exited 3: boom/);
  });

  it('keeps the two sides of an A/A comparison apart (same configuration, own processes and logs) and says so', async () => {
    const { dir, cli } = fakeCli();
    const result = await compareStress({
      configs: ['eager', 'eager'],
      option: '--range-store',
      rounds: 3,
      args: [],
      cliPath: cli,
      seed: 5,
      hdrLogPrefix: join(dir, 'log'),
    });
    const argv = loggedArgv();
    expect(argv).toHaveLength(6);
    expect(new Set(argv.map((a) => a[a.indexOf('--hdr-log') + 1])).size).toBe(6);
    expect(result.aa).toBe(true);
    expect(result.runs.filter((r) => r.side === 'before')).toHaveLength(3);
    expect(result.before.label.processes).toBe(3);
    expect(result.after.label.processes).toBe(3);
  });
});
