import { describe, expect, it } from 'vitest';
import { defaultBaseline, parseCommits, parseRefs, refChoices } from './git-refs.js';

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

  it('defaults to the setting, then the upstream, then main', () => {
    const refs = parseRefs(REFS);
    expect(defaultBaseline(' v1.0.0 ', 'origin/feature', refs)).toBe('v1.0.0');
    expect(defaultBaseline('', 'origin/feature', refs)).toBe('origin/feature');
    expect(defaultBaseline('', null, refs)).toBe('main');
    expect(defaultBaseline('', null, parseRefs('refs/heads/master\ta\tb\tc'))).toBe('master');
    expect(defaultBaseline('', null, [])).toBe('HEAD');
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
  });
});
