/**
 * Test-only (excluded from the build): planted bugs in the key maintenance of {@link PersistentBTree}'s keyed leaves,
 * so a test can show that a fuzz catches each one. The mutant is a copy of `persistent-btree.ts` and
 * `persistent-btree-nodes.ts` written to a temporary directory, where each mutated statement is guarded by the
 * planted bug's name: with nothing planted the copy runs exactly the real algorithm, so one loaded class serves both
 * the real run and the planted ones (a test that mocks `@tombstone-lab/core` with it cannot switch modules mid-file).
 * Every mutation must match its source text exactly once, so a refactor of the tree breaks this loudly instead of
 * silently planting nothing. The copy's other imports point back at the real modules (one `FrozenTreeError` class).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PersistentBTree } from './persistent-btree.js';

/** The planted bugs, each a slip in keeping the keys (in the leaves and as separators) in step with the items. */
export const BTREE_MUTATIONS = [
  // growPath: an insert without a split refreshes each path separator; without it, an insert at a leaf's front
  // leaves its parent's separator at the old first key. Only a white-box check sees it through key writes: a key
  // descent inserts at the front of the leftmost leaf only, whose separators no search reads (an index insert,
  // insertAt at a leaf boundary, would misroute later searches).
  'stale-separator',
  // branchInsert: a split's new node gets its size but not its separator (it keeps the one shifted into its slot).
  'split-separator',
  // copyNode: a path copy shares the leaf's key array with the node it copies, so the copy's writes change the keys
  // a snapshot searches (its items stay right).
  'shared-leaf-keys',
  // leafInsert: the items shift right to make room, the keys do not.
  'unshifted-keys',
  // moveEntries: a split, merge or borrow moves the items but not their keys.
  'moved-items-only',
] as const;
export type BTreeMutation = (typeof BTREE_MUTATIONS)[number];

interface Mutation {
  readonly name: BTreeMutation;
  readonly file: 'persistent-btree.ts' | 'persistent-btree-nodes.ts';
  readonly find: string;
  readonly replace: string;
}

const MUTATIONS: readonly Mutation[] = [
  {
    name: 'stale-separator',
    file: 'persistent-btree.ts',
    find: 'b.sizes[k] = (b.sizes[k] as number) + 1;\n        b.firsts[k] = firstOf(b.children[k] as BNode<T>, h);',
    replace:
      'b.sizes[k] = (b.sizes[k] as number) + 1;\n        if (planted !== "stale-separator") b.firsts[k] = firstOf(b.children[k] as BNode<T>, h);',
  },
  {
    name: 'split-separator',
    file: 'persistent-btree-nodes.ts',
    find: 'refreshChild(b, at, h);',
    replace:
      'if (planted === "split-separator") b.sizes[at] = sizeOf(child, h);\n  else refreshChild(b, at, h);',
  },
  {
    name: 'shared-leaf-keys',
    file: 'persistent-btree-nodes.ts',
    find: 'leaf.keys === null ? null : leaf.keys.slice()',
    replace: 'leaf.keys === null ? null : planted === "shared-leaf-keys" ? leaf.keys : leaf.keys.slice()',
  },
  {
    name: 'unshifted-keys',
    file: 'persistent-btree-nodes.ts',
    find: 'shiftRight(leaf.keys, j, leaf.count);',
    replace: 'if (planted !== "unshifted-keys") shiftRight(leaf.keys, j, leaf.count);',
  },
  {
    name: 'moved-items-only',
    file: 'persistent-btree-nodes.ts',
    find: 'if (f.keys !== null) moveRun(',
    replace: 'if (f.keys !== null && planted !== "moved-items-only") moveRun(',
  },
];

/** The mutant tree class and the switch that plants one bug in it (or none: the real algorithm). */
export interface MutantBTree {
  readonly PersistentBTree: typeof PersistentBTree;
  plant(mutation: BTreeMutation | null): void;
}

const SRC = fileURLToPath(new URL('.', import.meta.url));
let loaded: Promise<MutantBTree> | undefined;

/** Writes the guarded copy once per process and imports it. */
export function loadMutantBTree(): Promise<MutantBTree> {
  loaded ??= writeMutant();
  return loaded;
}

async function writeMutant(): Promise<MutantBTree> {
  const dir = mkdtempSync(join(tmpdir(), 'btree-mutant-'));
  writeFileSync(
    join(dir, 'planted.ts'),
    'export let planted: string | null = null;\nexport function plant(m: string | null): void {\n  planted = m;\n}\n',
  );
  for (const file of ['persistent-btree.ts', 'persistent-btree-nodes.ts'] as const) {
    let text = readFileSync(join(SRC, file), 'utf8');
    for (const m of MUTATIONS.filter((x) => x.file === file)) {
      const at = text.indexOf(m.find);
      if (at < 0 || text.indexOf(m.find, at + 1) >= 0) {
        throw new Error(`mutation ${m.name}: its source text must occur exactly once in ${file}`);
      }
      text = text.replace(m.find, m.replace);
    }
    // The two copied modules import each other; everything else is the real module.
    text = text.replace(/from '(\.\.?\/[\w/-]+)\.js'/g, (_, spec: string) =>
      spec === './persistent-btree-nodes' ? `from '${spec}.ts'` : `from '${join(SRC, `${spec}.ts`)}'`,
    );
    writeFileSync(join(dir, file), `import { planted } from './planted.ts';\n${text}`);
  }
  const tree = (await import(join(dir, 'persistent-btree.ts'))) as {
    PersistentBTree: typeof PersistentBTree;
  };
  const switcher = (await import(join(dir, 'planted.ts'))) as { plant(m: string | null): void };
  return { PersistentBTree: tree.PersistentBTree, plant: (m) => switcher.plant(m) };
}
