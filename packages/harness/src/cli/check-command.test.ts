import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT, launcherOf } from './command.js';
import { BUILT_CLI, divergingCheck, runInProcess as run, SPECS as specs, usageError } from './test-cli.js';

describe('tombstone-harness check', () => {
  it('checks streams against the engine, names the seed and reports the applied-and-checked rate', async () => {
    const r = await run([
      'check',
      '--spec',
      'check-mixed.json',
      '--seed',
      '5',
      '--ops',
      '400',
      '--streams',
      '2',
    ]);
    expect(r.code).toBe(EXIT.ok);
    expect(r.err).toBe('tombstone-harness check: seed 5\n');
    expect(r.out).toMatch(
      /^check: seed 5, streams 0…1, spec check-mixed, range store persistent: 800 ops applied and checked \(\d+ reads, \d+ quiescent sweeps, \d+ rows\) in [\d.]+ s — \d+ ops\/s; no divergence\n$/,
    );
  });

  it('prints a shrunk replay file on a divergence, which check --replay re-runs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'harness-check-'));
    writeFileSync(join(dir, 'spec.json'), readFileSync(join(specs, 'check-mixed.json')));
    const r = await run(
      [
        'check',
        '--spec',
        'spec.json',
        '--seed',
        '1',
        '--ops',
        '2000',
        '--corrupt',
        'flush-drops-partition-deletion',
        '--out',
        'bad.ndjson',
      ],
      dir,
    );
    expect(r.code).toBe(EXIT.failed);
    expect(r.err).toContain('check: DIVERGENCE at seed 1 stream 0 op 230');
    expect(r.err).toContain('history: 231 ops, shrunk to 3');
    expect(r.err).toMatch(/expected: \[.*\n {2}actual: {3}\[/);
    const lines = readFileSync(join(dir, 'bad.ndjson'), 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      tombstoneHarnessReplay: 1,
      seed: 1,
      stream: 0,
      corruptor: 'flush-drops-partition-deletion',
    });
    const again = await run(['check', '--replay', 'bad.ndjson'], dir);
    expect(again.code).toBe(EXIT.failed);
    expect(again.out).toContain(
      '3 ops, range store persistent, corruptor flush-drops-partition-deletion: DIVERGES',
    );
    // The same history with the fault taken out replays clean.
    const header = JSON.parse(lines[0]!);
    writeFileSync(
      join(dir, 'clean.ndjson'),
      [JSON.stringify({ ...header, corruptor: null }), ...lines.slice(1)].join('\n'),
    );
    const clean = await run(['check', '--replay', 'clean.ndjson'], dir);
    expect(clean.code).toBe(EXIT.ok);
    expect(clean.out).toContain('no divergence');
  });

  it('names every bad value', async () => {
    const cases: [string[], string][] = [
      [
        ['check', '--spec', 'check-mixed.json', '--ops', '5', '--range-store', 'btree'],
        '--range-store must be one of eager, copy-on-write, persistent (default persistent), got "btree"',
      ],
      [
        ['check', '--spec', 'check-mixed.json', '--ops', '5', '--corrupt', 'nope'],
        '--corrupt must be one of end-exclusive',
      ],
      [
        ['check', '--spec', 'check-mixed.json', '--ops', '5', '--streams', '0'],
        'check: --streams must be an integer in [1, 100000], got "0"',
      ],
      [['check', '--replay', 'missing.ndjson'], 'cannot read replay file "missing.ndjson": ENOENT'],
      [['check', '--replay', 'mixed.json'], 'mixed.json:1: the header is not JSON'],
    ];
    for (const [args, message] of cases) expect(await usageError(args)).toContain(message);
  });

  it('refuses specs whose reads would depend on purge timing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'harness-check-'));
    const spec = JSON.parse(readFileSync(join(specs, 'check-mixed.json'), 'utf8'));
    spec.timestamps = { policy: 'outOfOrder', window: 20 };
    writeFileSync(join(dir, 'spec.json'), JSON.stringify(spec));
    const r = await run(['check', '--spec', 'spec.json', '--ops', '5'], dir);
    expect(r.code).toBe(EXIT.usage);
    expect(r.err).toContain(
      'gcGraceSeconds must be at least 40 (2 × timestamp spread 20 × clock.secondsPerOp 1)',
    );
  });

  it('check --replay honours --range-store, --corrupt and --no-shrink, and rejects what the file fixes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'harness-replay-'));
    writeFileSync(join(dir, 'spec.json'), readFileSync(join(specs, 'check-mixed.json')));
    const base = ['check', '--spec', 'spec.json', '--seed', '1', '--ops', '2000'];
    const corrupt = ['--corrupt', 'flush-drops-partition-deletion'];
    // A whole (unshrunk) diverging history: 231 ops.
    const whole = await run([...base, ...corrupt, '--no-shrink', '--out', 'whole.ndjson'], dir);
    expect(whole.err).toContain('history: 231 ops, shrunk to 231');
    // Replaying it shrinks it (to the 3 ops `check` shrinks to), and writes the shrunk replay with --out.
    const shrunk = await run(['check', '--replay', 'whole.ndjson', '--out', 'small.ndjson'], dir);
    expect(shrunk.code).toBe(EXIT.failed);
    expect(shrunk.err).toContain('history: 231 ops, shrunk to 3');
    expect(readFileSync(join(dir, 'small.ndjson'), 'utf8').trimEnd().split('\n')).toHaveLength(4);
    // --no-shrink replays the file as it is.
    const kept = await run(['check', '--replay', 'whole.ndjson', '--no-shrink'], dir);
    expect(kept.code).toBe(EXIT.failed);
    expect(kept.err).not.toContain('shrunk');
    // --range-store replaces the file's store; --corrupt the file's corruptor.
    const eager = await run(['check', '--replay', 'small.ndjson', '--range-store', 'eager'], dir);
    expect(eager.out).toContain(
      '3 ops, range store eager, corruptor flush-drops-partition-deletion: DIVERGES',
    );
    const lines = readFileSync(join(dir, 'small.ndjson'), 'utf8').trimEnd().split('\n');
    const header = JSON.parse(lines[0]!);
    writeFileSync(
      join(dir, 'fixed.ndjson'),
      [JSON.stringify({ ...header, corruptor: null }), ...lines.slice(1)].join('\n'),
    );
    expect((await run(['check', '--replay', 'fixed.ndjson'], dir)).code).toBe(EXIT.ok);
    const planted = await run(['check', '--replay', 'fixed.ndjson', ...corrupt], dir);
    expect(planted.code).toBe(EXIT.failed);
    expect(planted.out).toContain('corruptor flush-drops-partition-deletion: DIVERGES');
    for (const extra of [
      ['--seed', '3'],
      ['--ops', '10'],
      ['--spec', 'spec.json'],
      ['--from', '2'],
      ['--streams', '2'],
    ]) {
      const r = await run(['check', '--replay', 'small.ndjson', ...extra], dir);
      expect(r.code, extra.join(' ')).toBe(EXIT.usage);
      expect(r.err).toContain(
        `check --replay: the replay file fixes the spec, seed and ops; drop ${extra[0]} "${extra[1]}"`,
      );
    }
    const bad = await run(['check', '--replay', 'small.ndjson', '--range-store', 'cow'], dir);
    expect(bad.code).toBe(EXIT.usage);
    expect(bad.err).toContain('--range-store must be one of eager, copy-on-write, persistent');
  });

  it('refuses to replace an existing --out file unless --force', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'harness-check-'));
    writeFileSync(join(dir, 'bad.ndjson'), 'an earlier replay\n');
    const args = ['check', '--spec', join(specs, 'check-mixed.json'), '--seed', '1', '--ops', '2000'];
    const bad = [...args, '--corrupt', 'flush-drops-partition-deletion', '--out', 'bad.ndjson'];
    const refused = await run(bad, dir);
    expect(refused.code).toBe(EXIT.usage);
    expect(refused.err).toBe(
      'tombstone-harness: check: --out "bad.ndjson": already exists; pass --force to replace it, or give another path\n',
    );
    expect(readFileSync(join(dir, 'bad.ndjson'), 'utf8')).toBe('an earlier replay\n');
    const forced = await run([...bad, '--force'], dir);
    expect(forced.code).toBe(EXIT.failed);
    expect(readFileSync(join(dir, 'bad.ndjson'), 'utf8')).toMatch(/^\{"tombstoneHarnessReplay":1/);
  }, 60_000);

  it('takes --ops 0 nowhere: every command says it needs at least 1', async () => {
    for (const command of ['check', 'generate']) {
      const r = await run([command, '--spec', 'check-mixed.json', '--ops', '0']);
      expect(r.code).toBe(EXIT.usage);
      expect(r.err).toBe(
        `tombstone-harness: ${command}: --ops must be an integer in [1, 2^53 − 1], got "0"\n`,
      );
    }
    const s = await run(['stress', '--spec', 'check-mixed.json', '--ops', '0']);
    expect(s.code).toBe(EXIT.usage);
    expect(s.err).toContain('stress: --ops must be an integer in [1, 2^53 − 1], got "0"');
  });
});

describe('the commands check prints to copy', () => {
  it("launcherOf: npx from an npm project's node_modules/.bin (not on PATH there), else the bare name", () => {
    expect(launcherOf('/p/node_modules/.bin/tombstone-harness')).toBe('npx tombstone-harness');
    expect(launcherOf('/usr/local/lib/node_modules/@tombstone-lab/harness/dist/cli.js')).toBe(
      'tombstone-harness',
    );
    expect(launcherOf(undefined)).toBe('tombstone-harness');
  });

  it('the replay hint of the installed bin is `npx tombstone-harness check --replay FILE`, which works when pasted', () => {
    // The bin as npm installs it: a symlink in the project's node_modules/.bin, which npx runs.
    const project = mkdtempSync(join(tmpdir(), 'harness-launcher-'));
    mkdirSync(join(project, 'node_modules', '.bin'), { recursive: true });
    const bin = join(project, 'node_modules', '.bin', 'tombstone-harness');
    symlinkSync(BUILT_CLI, bin);
    const args = divergingCheck('end-exclusive', 300);
    const r = spawnSync(process.execPath, [bin, ...args, '--out', 'bad.ndjson'], {
      cwd: project,
      encoding: 'utf8',
    });
    expect(r.status).toBe(EXIT.failed);
    expect(r.stderr).toContain(
      '  replay file: bad.ndjson (npx tombstone-harness check --replay bad.ndjson)\n',
    );
  }, 60_000);

  it('the replay hint is shell-quoted: pasted into a POSIX shell it gives back the exact words, and replays', () => {
    const dir = mkdtempSync(join(tmpdir(), 'harness-quote-'));
    const out = `it's a $HOME; dir/bad "1" *.ndjson`;
    const r = spawnSync(
      process.execPath,
      [BUILT_CLI, ...divergingCheck('end-exclusive', 300), '--out', out],
      {
        cwd: dir,
        encoding: 'utf8',
      },
    );
    expect(r.status).toBe(EXIT.failed);
    const prefix = `  replay file: ${out} (`;
    const line = r.stderr.split('\n').find((l) => l.startsWith(prefix));
    expect(line, r.stderr).toBeDefined();
    const hint = line!.slice(prefix.length, -1);
    // The shell only prints the words it split the hint into (printf), so nothing the hint names runs here…
    const words = execFileSync('/bin/sh', ['-c', `printf '%s\\0' ${hint}`], { cwd: dir, encoding: 'utf8' });
    expect(words.split('\0').slice(0, -1)).toEqual(['tombstone-harness', 'check', '--replay', out]);
    // …then the hint itself, pasted as it stands, with the bin on PATH as an install puts it: it replays the file.
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    symlinkSync(BUILT_CLI, join(bin, 'tombstone-harness'));
    const pasted = spawnSync('/bin/sh', ['-c', hint], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, PATH: `${bin}:${process.env.PATH}` },
    });
    expect(pasted.status, pasted.stderr).toBe(EXIT.failed);
    expect(pasted.stdout).toContain('DIVERGES');
  }, 60_000);
});
