/**
 * The quick pick of git refs: the default baseline first (see {@link defaultBaseline}), then branches, tags and
 * recent commits. Whatever is typed is offered as a ref of its own at the top (`HEAD~1`, a sha, `v1.2^`), checked
 * with `git rev-parse --verify` before it is accepted.
 */
import * as vscode from 'vscode';
import {
  baseCandidates,
  defaultBaseline,
  FOR_EACH_REF_ARGS,
  isCheckedOut,
  mergeBaseArgs,
  parseCommits,
  parseRefs,
  RECENT_COMMITS_ARGS,
  type RefChoice,
  refChoices,
  UPSTREAM_ARGS,
  verifyArgs,
} from '../model/git-refs.js';
import { validateRef } from '../model/runner-args.js';
import { runCommand } from '../runner/processes.js';
import { surfaceSettings } from './settings.js';

/** `git args…` in `cwd`: its stdout, or null when it failed. */
async function git(cwd: string, args: readonly string[]): Promise<string | null> {
  const r = await runCommand('git', args, { cwd });
  return r.error ? null : r.stdout;
}

const ICONS = {
  branch: '$(git-branch)',
  remote: '$(cloud)',
  tag: '$(tag)',
  commit: '$(git-commit)',
} as const;

interface RefItem extends vscode.QuickPickItem {
  ref: string;
  typed?: boolean;
}

/** The default baseline and the pickable refs of the repository of `cwd`. */
async function choicesIn(cwd: string): Promise<{ def: string; choices: RefChoice[]; head: string | null }> {
  const [refsOut, logOut, upstream, head] = await Promise.all([
    git(cwd, FOR_EACH_REF_ARGS),
    git(cwd, RECENT_COMMITS_ARGS),
    git(cwd, UPSTREAM_ARGS),
    git(cwd, ['rev-parse', 'HEAD']),
  ]);
  const refs = parseRefs(refsOut ?? '');
  const names = baseCandidates(upstream?.trim() || null, refs);
  const candidates = await Promise.all(
    names.map(async (ref) => ({ ref, mergeBase: (await git(cwd, mergeBaseArgs(ref)))?.trim() || null })),
  );
  const def = defaultBaseline(surfaceSettings().baselineRef, head?.trim() || null, candidates);
  const choices = refChoices(refs, parseCommits(logOut ?? ''), def.ref, def.why);
  return { def: def.ref, choices, head: head?.trim() || null };
}

/** A picker row; the checked-out commit says so (against it, the code is compared with itself). */
const toItem = (c: RefChoice, head: string | null): RefItem => {
  const what = c.isDefault ? 'default baseline' : c.kind;
  return {
    label: `${ICONS[c.kind]} ${c.ref}`,
    description: isCheckedOut(c, head) ? `${what} · checked out (HEAD): no change to compare` : what,
    detail: c.detail,
    ref: c.ref,
  };
};

/** Asks for a baseline ref in the repository of `cwd`; undefined when dismissed. */
export async function pickRef(cwd: string): Promise<string | undefined> {
  const { def, choices, head } = await choicesIn(cwd);
  const listed = choices.map((c) => toItem(c, head));
  const qp = vscode.window.createQuickPick<RefItem>();
  qp.title = 'Compare the working tree against…';
  qp.placeholder = `baseline: pick one or type any git ref (default ${def})`;
  qp.matchOnDescription = true;
  qp.matchOnDetail = true;
  qp.items = listed;
  const typedItem = (value: string): RefItem[] => {
    const v = value.trim();
    if (v === '' || listed.some((i) => i.ref === v)) return [];
    let detail = 'the ref as typed';
    try {
      validateRef(v);
    } catch (e) {
      detail = (e as Error).message;
    }
    // alwaysShow: the typed ref matches no listed label, yet it must stay visible.
    return [
      { label: `$(edit) ${v}`, description: 'typed ref', detail, ref: v, typed: true, alwaysShow: true },
    ];
  };
  // Listed refs keep their positions, and a typed ref goes after them (`alwaysShow` keeps it in view): VS Code
  // names the accepted item by its position in the list, so a list rebuilt with shifted positions while Enter was
  // on its way took the wrong ref (typed `HEAD~1`, compared against `main`, the next one down: e2e, twice).
  qp.onDidChangeValue((value) => {
    qp.items = [...listed, ...typedItem(value)];
  });
  const picked = await new Promise<string | undefined>((resolve) => {
    qp.onDidAccept(async () => {
      const item = qp.selectedItems[0] ?? qp.activeItems[0];
      if (!item) return;
      if (item.typed) {
        // A bad ref stays in the picker with the reason as its detail (QuickPick has no validation message).
        const refuse = (why: string) => {
          qp.items = [...listed, { ...item, detail: `$(error) ${why}` }];
        };
        try {
          validateRef(item.ref);
        } catch (e) {
          return refuse((e as Error).message);
        }
        if ((await git(cwd, verifyArgs(item.ref))) === null)
          return refuse(`git ref ${JSON.stringify(item.ref)} names no commit in this repository`);
      }
      resolve(item.ref);
      qp.hide();
    });
    qp.onDidHide(() => resolve(undefined));
    qp.show();
  });
  qp.dispose();
  return picked;
}
