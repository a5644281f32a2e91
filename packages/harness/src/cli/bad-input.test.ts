import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../files/atomic-file.js';
import { EXIT } from './command.js';
import { parseDuration } from './stress-options.js';
import { divergingCheck, runInProcess as run, usageError } from './test-cli.js';

/** Files `<dir>.*` beside `dir`: what an atomic write to the directory itself used to leave behind. */
const leftovers = (dir: string) => readdirSync(dirname(dir)).filter((f) => f.startsWith(`${basename(dir)}.`));

const CORRUPT = divergingCheck('end-exclusive', 2000);

describe('bad output paths are usage errors before any work', () => {
  it('check --out DIR names the directory, runs nothing and leaves no temp file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'harness-out-'));
    const r = await run([...CORRUPT, '--out', dir]);
    expect(r.code).toBe(EXIT.usage);
    expect(r.err).toBe(`tombstone-harness: check: --out "${dir}": is a directory; give a file path\n`);
    expect(leftovers(dir)).toEqual([]);
  });

  it('check --out in missing directories creates them, as bench does; the same command again refuses the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'harness-out-'));
    const r = await run([...CORRUPT, '--out', 'missing/deeper/bad.ndjson'], dir);
    expect(r.err).not.toContain('does not exist');
    expect(readFileSync(join(dir, 'missing', 'deeper', 'bad.ndjson'), 'utf8')).toMatch(
      /^\{"tombstoneHarnessReplay":1/,
    );
    const again = await run([...CORRUPT, '--out', 'missing/deeper/bad.ndjson'], dir);
    expect(again.code).toBe(EXIT.usage);
    expect(again.err).toContain('already exists; pass --force');
  });

  it('check --out under a file names the file and creates nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'harness-out-'));
    writeFileSync(join(dir, 'afile'), 'x');
    const r = await run([...CORRUPT, '--out', 'afile/sub/bad.ndjson'], dir);
    expect(r.code).toBe(EXIT.usage);
    expect(r.err).toBe(
      `tombstone-harness: check: --out "afile/sub/bad.ndjson": "afile" is a file, not a directory\n`,
    );
    expect(readdirSync(dir)).toEqual(['afile']);
  });

  it.runIf(existsSync('/proc/self'))(
    'check --out and stress --hdr-log in /proc: cannot write, named',
    async () => {
      const c = await run([...CORRUPT, '--out', '/proc/bad.ndjson']);
      expect(c.code).toBe(EXIT.usage);
      expect(c.err).toMatch(
        /^tombstone-harness: check: --out "\/proc\/bad.ndjson": cannot write in "\/proc" \(\w+\)\n$/,
      );
      const s = await run(['stress', '--spec', 'check-mixed', '--ops', '10', '--hdr-log', '/proc/x.hlog']);
      expect(s.code).toBe(EXIT.usage);
      expect(s.err).toMatch(
        /^tombstone-harness: stress: --hdr-log "\/proc\/x.hlog": cannot write in "\/proc"/,
      );
    },
  );

  it('stress --hdr-log under a file is an error before the run, and creates nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'harness-out-'));
    writeFileSync(join(dir, 'no'), 'x');
    const r = await run(
      ['stress', '--spec', 'check-mixed', '--ops', '10', '--hdr-log', 'no/dir/x.hlog'],
      dir,
    );
    expect(r.code).toBe(EXIT.usage);
    expect(r.err).toContain(`stress: --hdr-log "no/dir/x.hlog": "no" is a file, not a directory`);
    expect(r.err).not.toContain('stress: spec');
    expect(readdirSync(dir)).toEqual(['no']);
  });

  it.runIf(existsSync('/proc/self'))(
    'check --out in a missing directory under /proc: named at once, no hang',
    async () => {
      const c = await run([...CORRUPT, '--out', '/proc/nope/deeper/bad.ndjson']);
      expect(c.code).toBe(EXIT.usage);
      expect(c.err).toMatch(
        /^tombstone-harness: check: --out "\/proc\/nope\/deeper\/bad.ndjson": cannot write in "\/proc"/,
      );
    },
  );

  it('the atomic writer removes its temp file when the write fails', () => {
    const dir = mkdtempSync(join(tmpdir(), 'harness-out-'));
    expect(() => writeFileAtomic(dir, 'x')).toThrow(/EISDIR/);
    expect(leftovers(dir)).toEqual([]);
  });
});

describe("negative numbers get the option's own one-line error", () => {
  it.each([
    [
      ['generate', '--spec', 'mixed', '--ops', '-3'],
      'generate: --ops must be an integer in [1, 2^53 − 1], got "-3"',
    ],
    [
      ['generate', '--spec', 'mixed', '--ops', '1', '--seed', '-1'],
      'generate: --seed must be an integer in [0, 2^53 − 1], got "-1"',
    ],
    [
      ['generate', '--spec', 'mixed', '--ops', '1', '--from', '-1'],
      'generate: --from must be an integer in [0, 2^53 − 1], got "-1"',
    ],
    [
      ['generate', '--spec', 'mixed', '--ops', '1', '--stream', '-1'],
      'generate: --stream must be an integer in [0, 2^53 − 1], got "-1"',
    ],
    [
      ['check', '--spec', 'check-mixed', '--ops', '-3'],
      'check: --ops must be an integer in [1, 2^53 − 1], got "-3"',
    ],
    [
      ['stress', '--spec', 'check-mixed', '--duration', '-3s'],
      'stress: --duration must be a positive duration with a unit like 500ms, 30s, 2m or 1h, got "-3s"',
    ],
  ])('%j', async (args, message) => {
    expect(await usageError(args)).toContain(message);
  });
});

describe('repeated single-value options are usage errors', () => {
  it.each([
    [
      ['generate', '--spec', 'mixed', '--spec', 'check-mixed', '--ops', '1'],
      'generate: --spec is given 2 times ("mixed", "check-mixed"); give it once',
    ],
    [
      ['generate', '--spec', 'mixed', '--ops', '1', '--seed', '1', '--ops', '2'],
      'generate: --ops is given 2 times ("1", "2"); give it once',
    ],
    [
      ['stress', '--spec', 'mixed', '--ops', '1', '--json', '--json'],
      'stress: --json is given 2 times (--json, --json); give it once',
    ],
  ])('%j', async (args, message) => {
    expect(await usageError(args)).toBe(`tombstone-harness: ${message}`);
  });
});

describe('stress --duration has a maximum', () => {
  it('accepts 7 days and rejects beyond, naming the limit', async () => {
    expect(parseDuration('168h')).toBe(7 * 24 * 3_600_000);
    expect(() => parseDuration('169h')).toThrow('--duration must be at most 7 days (168h), got "169h"');
    const r = await run(['stress', '--spec', 'check-mixed', '--duration', '99999999999h']);
    expect(r.code).toBe(EXIT.usage);
    expect(r.err).toContain('--duration must be at most 7 days (168h), got "99999999999h"');
  });
});

describe('stress --ops past the spec', () => {
  it('is refused before the run, as generate and check refuse it (it ran on until Ctrl-C)', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'harness-stress-ops-'));
    const r = await run(['stress', '--spec', 'mixed', '--ops', '9007199254740991'], cwd);
    expect(r.code).toBe(EXIT.usage);
    expect(r.err).toMatch(
      /^tombstone-harness: ops 0 … 9007199254740990: spec "mixed" has valid op indexes 0 … \d+ only/,
    );
    expect(r.err.trimEnd().split('\n')).toHaveLength(1);
    expect(readdirSync(cwd)).toEqual([]);
  });
});

describe('a replay file is checked against its header', () => {
  async function replayFile() {
    const dir = mkdtempSync(join(tmpdir(), 'harness-replay-'));
    expect((await run([...CORRUPT, '--out', join(dir, 'bad.ndjson')])).code).toBe(EXIT.failed);
    const lines = readFileSync(join(dir, 'bad.ndjson'), 'utf8').trimEnd().split('\n');
    return {
      dir,
      lines,
      header: JSON.parse(lines[0]!) as { ops: { shrunk: number }; divergence: { k: number } },
    };
  }

  it('a header alone (or any lost line) names the file and the missing ops', async () => {
    const { dir, lines, header } = await replayFile();
    writeFileSync(join(dir, 'cut.ndjson'), `${lines[0]}\n`);
    const r = await run(['check', '--replay', 'cut.ndjson'], dir);
    expect(r.code).toBe(EXIT.usage);
    expect(r.err).toBe(
      `tombstone-harness: cut.ndjson: the header records ${header.ops.shrunk} ops, the file has 0 (truncated or edited?)\n`,
    );
  });

  it('a file without the op it diverged at names that op', async () => {
    const { dir, lines, header } = await replayFile();
    const k = header.divergence.k;
    const kept = lines.slice(1).filter((l) => (JSON.parse(l) as { k: number }).k !== k);
    writeFileSync(
      join(dir, 'edit.ndjson'),
      `${JSON.stringify({ ...header, ops: { ...header.ops, shrunk: kept.length } })}\n${kept.join('\n')}\n`,
    );
    const r = await run(['check', '--replay', 'edit.ndjson'], dir);
    expect(r.code).toBe(EXIT.usage);
    expect(r.err).toContain(
      `edit.ndjson: the header records a divergence at op ${k}, but op ${k} is not in the file`,
    );
  });
});

describe('every integer option of every command is read by one parser (issue 23: five phrasings, some without the command)', () => {
  const max = String(2 ** 53); // one past 2^53 − 1
  const cases: [string[], string, string][] = [
    [['generate', '--spec', 'mixed'], 'ops', '[1, 2^53 − 1]'],
    [['generate', '--spec', 'mixed', '--ops', '1'], 'seed', '[0, 2^53 − 1]'],
    [['generate', '--spec', 'mixed', '--ops', '1'], 'from', '[0, 2^53 − 1]'],
    [['check', '--spec', 'check-mixed'], 'ops', '[1, 2^53 − 1]'],
    [['check', '--spec', 'check-mixed', '--ops', '1'], 'streams', '[1, 100000]'],
    [['check', '--spec', 'check-mixed', '--ops', '1'], 'stream', '[0, 2^53 − 1]'],
    [['stress', '--spec', 'mixed'], 'ops', '[1, 2^53 − 1]'],
    [['stress', '--spec', 'mixed', '--ops', '1'], 'stream', '[0, 2^53 − 1]'],
    [['stress', '--spec', 'mixed', '--ops', '1', '--compare', 'eager', 'persistent'], 'rounds', '[1, 1000]'],
    [['case', 'purge-order'], 'samples', '[2, 50]'],
  ];
  it.each(cases)(
    '%j --%s: 1.5, 1e3, 0x10, −1 and 2^53 refused in one shape, nothing created',
    async (args, option, range) => {
      const cwd = mkdtempSync(join(tmpdir(), 'harness-int-'));
      for (const bad of ['1.5', '1e3', '0x10', '-1', max, '']) {
        const r = await run([...args, `--${option}`, bad], cwd);
        expect(r.code, `--${option} ${bad}`).toBe(EXIT.usage);
        expect(r.err).toBe(
          `tombstone-harness: ${args[0]}: --${option} must be an integer in ${range}, got ${JSON.stringify(bad)}\n`,
        );
      }
      expect(readdirSync(cwd)).toEqual([]);
    },
  );

  it('a value out of a bounded range is refused too: --streams 100001, --rounds 1001, --samples 1 and 51', async () => {
    for (const [args, line] of [
      [
        ['check', '--spec', 'check-mixed', '--ops', '1', '--streams', '100001'],
        'check: --streams must be an integer in [1, 100000], got "100001"',
      ],
      [
        ['stress', '--spec', 'mixed', '--ops', '1', '--compare', 'eager', 'persistent', '--rounds', '1001'],
        'stress: --rounds must be an integer in [1, 1000], got "1001"',
      ],
      [['case', 'purge-order', '--samples', '1'], 'case: --samples must be an integer in [2, 50], got "1"'],
      [['case', 'purge-order', '--samples', '51'], 'case: --samples must be an integer in [2, 50], got "51"'],
    ] as const) {
      const r = await run([...args]);
      expect(r.code).toBe(EXIT.usage);
      expect(r.err).toBe(`tombstone-harness: ${line}\n`);
    }
  });
});
