/**
 * The quick pick of git refs for "Compare Against Git Ref…": branches, tags and recent commits, the default
 * (the configured baseline, else the merge base with the upstream or `main`/`master`, else `HEAD~1`) first. Parses the output of
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
  /** The commit it names (short), when listed from git's output. */
  sha?: string;
}

/**
 * Whether a listed ref is the checked-out commit (HEAD): comparing against it compares the code with itself, so
 * the picker marks it.
 */
export function isCheckedOut(choice: Pick<RefChoice, 'sha'>, head: string | null): boolean {
  return Boolean(head && choice.sha && choice.sha.length >= 4 && head.startsWith(choice.sha));
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
    if (k) out.push({ ...k, detail: `${sha} · ${age ?? ''} · ${subject ?? ''}`, isDefault: false, sha });
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
      sha,
    }));
}

/** A candidate base branch and its merge base with HEAD (null when git found none). */
export interface BaseCandidate {
  ref: string;
  mergeBase: string | null;
}

/** The default baseline and why it was chosen (shown beside it in the picker). */
export interface DefaultBaseline {
  ref: string;
  why: string;
}

/** The branches whose merge base with HEAD is the default baseline, in order: the upstream, then main, master. */
export function baseCandidates(upstream: string | null, refs: readonly RefChoice[]): string[] {
  const names = new Set(refs.map((r) => r.ref));
  const named = ['main', 'origin/main', 'master', 'origin/master'].filter((n) => names.has(n));
  return [...(upstream ? [upstream] : []), ...named.filter((n) => n !== upstream)];
}

/**
 * The default baseline: the configured ref; else the merge base of HEAD with its upstream, else with
 * `main`/`master` — the commit the branch forked from — skipping a merge base that is HEAD itself (on `main`, or a
 * branch with no commits of its own, it would compare the checked-out commit with itself); else `HEAD~1`.
 */
export function defaultBaseline(
  configured: string,
  head: string | null,
  candidates: readonly BaseCandidate[],
): DefaultBaseline {
  if (configured.trim() !== '') return { ref: configured.trim(), why: 'tombstoneBench.baselineRef' };
  for (const c of candidates) {
    if (c.mergeBase && c.mergeBase !== head)
      return { ref: c.mergeBase.slice(0, 12), why: `merge base with ${c.ref}` };
  }
  return { ref: 'HEAD~1', why: 'the previous commit' };
}

/** All choices, default first (added as its own entry when it is none of the listed refs), no duplicates. */
export function refChoices(
  refs: readonly RefChoice[],
  commits: readonly RefChoice[],
  def: string,
  why = 'default baseline',
): RefChoice[] {
  const all = [...refs, ...commits];
  const hit = all.find(
    (r) => r.ref === def || (def.length >= 7 && r.kind === 'commit' && def.startsWith(r.ref)),
  );
  const first: RefChoice = hit
    ? { ...hit, ref: def, isDefault: true, detail: `${why} · ${hit.detail}` }
    : { ref: def, kind: 'commit', detail: why, isDefault: true };
  const seen = new Set([def, ...(hit ? [hit.ref] : [])]);
  const rest = all.filter((r) => {
    if (seen.has(r.ref)) return false;
    seen.add(r.ref);
    return true;
  });
  return [first, ...rest];
}

/** `git merge-base HEAD <ref>` arguments. */
export const mergeBaseArgs = (ref: string): string[] => ['merge-base', 'HEAD', ref];

/** `git rev-parse --verify --quiet <ref>^{commit}` arguments: whether a typed ref names a commit. */
export const verifyArgs = (ref: string): string[] => ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`];
