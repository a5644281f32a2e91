import { describe, expect, it } from 'vitest';
import {
  baseCandidates,
  defaultBaseline,
  isCheckedOut,
  parseCommits,
  parseRefs,
  refChoices,
} from './git-refs.js';

const REFS = [
  'refs/heads/feature\tabc1234\t2 hours ago\tWIP',
  'refs/heads/main\tdef5678\t1 day ago\tcore: faster',
  'refs/remotes/origin/HEAD\tdef5678\t1 day ago\tcore: faster',
  'refs/remotes/origin/main\tdef5678\t1 day ago\tcore: faster',
  'refs/tags/v1.0.0\t0011223\t3 weeks ago\trelease',
  '',
].join('\n');
const LOG = 'abc1234\t2 hours ago\tWIP\n9998887\t3 hours ago\tbench: x\n';

describe('git ref choices', () => {
  it('parses branches, remotes (without HEAD) and tags', () => {
    expect(parseRefs(REFS).map((r) => [r.kind, r.ref])).toEqual([
      ['branch', 'feature'],
      ['branch', 'main'],
      ['remote', 'origin/main'],
      ['tag', 'v1.0.0'],
    ]);
    expect(parseCommits(LOG).map((c) => c.ref)).toEqual(['abc1234', '9998887']);
  });

  it('defaults to the setting, then the merge base with the upstream, main or master, then HEAD~1', () => {
    const refs = parseRefs(REFS);
    expect(baseCandidates('origin/feature', refs)).toEqual(['origin/feature', 'main', 'origin/main']);
    expect(baseCandidates(null, parseRefs('refs/heads/master\ta\tb\tc'))).toEqual(['master']);
    const c = (ref: string, mergeBase: string | null) => ({ ref, mergeBase });
    expect(defaultBaseline(' v1.0.0 ', 'h', [c('main', 'm')]).ref).toBe('v1.0.0');
    expect(defaultBaseline('', 'h', [c('origin/feature', 'u1234567890abcdef'), c('main', 'm')])).toEqual({
      ref: 'u1234567890a',
      why: 'merge base with origin/feature',
    });
    // On main (or a branch without commits of its own) the merge base is HEAD: never compare HEAD with itself.
    expect(defaultBaseline('', 'h', [c('origin/main', 'h'), c('main', 'h')])).toEqual({
      ref: 'HEAD~1',
      why: 'the previous commit',
    });
    expect(defaultBaseline('', 'h', [c('origin/main', null), c('master', 'm')]).ref).toBe('m');
    expect(defaultBaseline('', 'h', []).ref).toBe('HEAD~1');
  });

  it('puts the default first, once, and keeps the rest in order', () => {
    const choices = refChoices(parseRefs(REFS), parseCommits(LOG), 'main');
    expect(choices[0]).toMatchObject({ ref: 'main', isDefault: true, kind: 'branch' });
    expect(choices.map((c) => c.ref)).toEqual([
      'main',
      'feature',
      'origin/main',
      'v1.0.0',
      'abc1234',
      '9998887',
    ]);
    const custom = refChoices([], [], 'HEAD~3');
    expect(custom).toEqual([{ ref: 'HEAD~3', kind: 'commit', detail: 'default baseline', isDefault: true }]);
    // A merge base given as a longer sha is the listed commit, shown once.
    const mb = refChoices([], parseCommits(LOG), '9998887aaaa', 'merge base with main');
    expect(mb.map((x) => x.ref)).toEqual(['9998887aaaa', 'abc1234']);
    expect(mb[0]!.detail).toBe('merge base with main · 3 hours ago · bench: x');
  });

  it('knows the checked-out commit among the listed refs (the picker marks it)', () => {
    const head = 'abc1234ffffffffffffffffffffffffffffffff0';
    const listed = [...parseRefs(REFS), ...parseCommits(LOG)].filter((c) => isCheckedOut(c, head));
    expect(listed.map((c) => `${c.kind} ${c.ref}`)).toEqual(['branch feature', 'commit abc1234']);
    expect(isCheckedOut({ sha: 'abc1234' }, null)).toBe(false);
    expect(isCheckedOut({}, head)).toBe(false);
  });
});
