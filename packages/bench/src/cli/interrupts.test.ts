import { describe, expect, it } from 'vitest';
import { FAST, runCli, tempProject } from '../test-helpers.js';
import { interruptListener, SAME_INTERRUPT_MS } from './interrupts.js';
import { start } from './start.js';

/** The listener on a clock the test moves; counts what each SIGINT did. */
function listener() {
  const done = { stopped: 0, quit: 0 };
  let clock = 1000;
  const onSigint = interruptListener(
    () => void done.stopped++,
    () => void done.quit++,
    () => clock,
  );
  return {
    done,
    onSigint,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

describe('Ctrl-C on the executable (a stranger: no resume hint once in 13 interrupts by `timeout -s INT`)', () => {
  it('two SIGINTs microseconds apart (timeout signals the child, then its process group) are one interrupt', () => {
    const { done, onSigint } = listener();
    onSigint();
    onSigint();
    expect(done).toEqual({ stopped: 1, quit: 0 });
  });

  it('a second Ctrl-C after the first has been seen quits at once; stop runs only once', () => {
    const { done, onSigint, advance } = listener();
    onSigint();
    advance(SAME_INTERRUPT_MS - 1);
    onSigint();
    expect(done).toEqual({ stopped: 1, quit: 0 });
    advance(1);
    onSigint();
    expect(done).toEqual({ stopped: 1, quit: 1 });
  });
});

const SUITE = `import { defineSuite } from '@tombstone-lab/bench';
export default defineSuite({ name: 'Tiny', setup: () => ({ n: 3 }), benchmarks: { f: (s) => s.n * 2 } });
`;

describe('what Ctrl-C says it stops', () => {
  it('between two calibration rounds no fork runs: it does not say "killing the running fork"', async () => {
    const dir = tempProject({ 'tiny.bench.mjs': SUITE });
    const controller = new AbortController();
    const argv = ['calibrate', 'tiny.bench.mjs', '--rounds', '2', '--slowdown-rounds', '0', '-n', '2'];
    const r = await runCli(
      [...argv, '--out', 'cal', '--json', ...FAST],
      dir,
      (text) => {
        if (text.includes('"type":"run-finished"')) controller.abort();
      },
      controller.signal,
    );
    expect(r.code).toBe(130);
    expect(r.stderr).toContain('stopping (no fork is running)… (Ctrl-C again to quit now)');
    expect(r.stderr).not.toContain('killing the running fork');
  }, 60_000);
});

describe('Ctrl-C while the executable loads (a stranger: before ~1.5 s it died silently, exit 130, not a word)', () => {
  it('is listened for before the CLI loads: "interrupted while starting", 130, main never runs', async () => {
    let sigint: (() => void) | undefined;
    const said: string[] = [];
    let ran = false;
    const code = await start(
      {
        argv: ['node', 'cli.js', 'run'],
        onSigint: (listener) => {
          sigint = listener;
        },
        stderr: (text) => void said.push(text),
        exit: () => expect.unreachable('one Ctrl-C does not quit at once'),
      },
      async () => {
        sigint?.(); // Ctrl-C while the modules load
        return {
          main: async () => {
            ran = true;
            return 0;
          },
          defaultIo: () => ({ stdout: () => {}, stderr: () => {}, cwd: '/', isTTY: false }),
        };
      },
    );
    expect(code).toBe(130);
    expect(said).toEqual(['tombstone-bench: interrupted while starting; nothing was done\n']);
    expect(ran).toBe(false);
  });
});
