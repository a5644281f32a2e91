/**
 * The quick pick of git refs for "Compare Against Git Ref…": branches, tags and recent commits, the default
 * (the configured baseline, else the branch's upstream, else `main`/`master`) first. Parses the output of
 * `git for-each-ref` and `git log` run with the fixed formats below.
 */

/** `git for-each-ref` arguments whose output {@link parseRefs} reads. */
export const FOR_EACH_REF_ARGS = [
  'for-each-ref',
  '--sort=-committerdate',
  '--format=%(refname)%09%(objectname:short)%09%(committerdate:relative)%09%(subject)',
  'refs/heads',
  'refs/remotes',
  'refs/tags',
] as const;

/** `git log` arguments whose output {@link parseCommits} reads. */
export const RECENT_COMMITS_ARGS = ['log', '-n', '15', '--format=%h%x09%cr%x09%s'] as const;

/** `git rev-parse` arguments printing the upstream of the current branch (fails without one). */
export const UPSTREAM_ARGS = ['rev-parse', '--abbrev-ref', '--symbolic-full-name', '@{upstream}'] as const;

/** One pickable ref. */
export interface RefChoice {
  /** What is passed to `--baseline`. */
  ref: string;
  kind: 'branch' | 'remote' | 'tag' | 'commit';
  /** Short commit, age and subject. */
  detail: string;
  /** The default pick. */
  isDefault: boolean;
}

function kindOf(refname: string): { kind: RefChoice['kind']; ref: string } | null {
  if (refname.startsWith('refs/heads/')) return { kind: 'branch', ref: refname.slice(11) };
  if (refname.startsWith('refs/remotes/')) {
    const ref = refname.slice(13);
    return ref.endsWith('/HEAD') ? null : { kind: 'remote', ref };
  }
  if (refname.startsWith('refs/tags/')) return { kind: 'tag', ref: refname.slice(10) };
  return null;
}

/** Branches, remote branches and tags from {@link FOR_EACH_REF_ARGS} output. */
export function parseRefs(output: string): RefChoice[] {
  const out: RefChoice[] = [];
  for (const line of output.split('\n')) {
    const [refname, sha, age, subject] = line.split('\t');
    if (!refname || !sha) continue;
    const k = kindOf(refname);
    if (k) out.push({ ...k, detail: `${sha} · ${age ?? ''} · ${subject ?? ''}`, isDefault: false });
  }
  return out;
}

/** Recent commits from {@link RECENT_COMMITS_ARGS} output. */
export function parseCommits(output: string): RefChoice[] {
  return output
    .split('\n')
    .map((line) => line.split('\t'))
    .filter((p): p is [string, ...string[]] => Boolean(p[0]))
    .map(([sha, age, subject]) => ({
      ref: sha,
      kind: 'commit' as const,
      detail: `${age ?? ''} · ${subject ?? ''}`,
      isDefault: false,
    }));
}

/** The default baseline: the configured ref, else the upstream, else `main`, else `master`, else `HEAD`. */
export function defaultBaseline(
  configured: string,
  upstream: string | null,
  refs: readonly RefChoice[],
): string {
  if (configured.trim() !== '') return configured.trim();
  if (upstream) return upstream;
  const names = new Set(refs.map((r) => r.ref));
  return ['main', 'origin/main', 'master', 'origin/master'].find((n) => names.has(n)) ?? 'HEAD';
}

/** All choices, default first (added as its own entry when it is none of the listed refs), no duplicates. */
export function refChoices(
  refs: readonly RefChoice[],
  commits: readonly RefChoice[],
  def: string,
): RefChoice[] {
  const all = [...refs, ...commits];
  const hit = all.find((r) => r.ref === def);
  const first: RefChoice = hit
    ? { ...hit, isDefault: true }
    : { ref: def, kind: 'commit', detail: 'default baseline', isDefault: true };
  const seen = new Set([def]);
  const rest = all.filter((r) => {
    if (seen.has(r.ref)) return false;
    seen.add(r.ref);
    return true;
  });
  return [first, ...rest];
}
