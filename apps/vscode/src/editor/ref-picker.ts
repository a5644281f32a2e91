/** The quick pick of git refs (branches, tags, recent commits; the default baseline first). */
import { execFile } from 'node:child_process';
import * as vscode from 'vscode';
import {
  defaultBaseline,
  FOR_EACH_REF_ARGS,
  parseCommits,
  parseRefs,
  RECENT_COMMITS_ARGS,
  refChoices,
  UPSTREAM_ARGS,
} from '../model/git-refs.js';
import { validateRef } from '../model/runner-args.js';
import { surfaceSettings } from './settings.js';

function git(cwd: string, args: readonly string[]): Promise<string | null> {
  return new Promise((resolve) => {
    execFile('git', [...args], { cwd, shell: false, maxBuffer: 16 * 1024 * 1024 }, (err, out) =>
      resolve(err ? null : out),
    );
  });
}

const ICONS = {
  branch: '$(git-branch)',
  remote: '$(cloud)',
  tag: '$(tag)',
  commit: '$(git-commit)',
} as const;

/** Asks for a baseline ref in the repository of `cwd`; undefined when dismissed. */
export async function pickRef(cwd: string): Promise<string | undefined> {
  const [refsOut, logOut, upstream] = await Promise.all([
    git(cwd, FOR_EACH_REF_ARGS),
    git(cwd, RECENT_COMMITS_ARGS),
    git(cwd, UPSTREAM_ARGS),
  ]);
  const refs = parseRefs(refsOut ?? '');
  const def = defaultBaseline(surfaceSettings().baselineRef, upstream?.trim() || null, refs);
  const choices = refChoices(refs, parseCommits(logOut ?? ''), def);
  const typeIn = { label: '$(edit) Enter a ref…', ref: '' };
  const items = [
    ...choices.map((c) => ({
      label: `${ICONS[c.kind]} ${c.ref}`,
      description: c.isDefault ? 'default baseline' : c.kind,
      detail: c.detail,
      ref: c.ref,
    })),
    typeIn,
  ];
  const picked = await vscode.window.showQuickPick(items, {
    title: 'Compare the working tree against…',
    placeHolder: `baseline git ref (default ${def})`,
    matchOnDescription: true,
    matchOnDetail: true,
  });
  if (!picked) return undefined;
  if (picked !== typeIn) return picked.ref;
  return vscode.window.showInputBox({
    title: 'Baseline git ref',
    prompt: 'a branch, tag, commit or expression such as HEAD~3',
    validateInput: (value) => {
      try {
        validateRef(value);
        return undefined;
      } catch (e) {
        return (e as Error).message;
      }
    },
  });
}
