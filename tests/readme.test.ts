// Every package README's first ```ts (or ```js: a plain JavaScript user pastes it too) block is a usage example users
// will paste: run it for real, as an ES module,
// against the package sources (vitest resolves @tombstone-lab/* to src; see vitest.config.ts).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const scratch = `${root}tests/.readme`;

/** Returns the bodies of every fenced ```ts block, in order. */
function typeScriptBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```ts\n([\s\S]*?)^```/gm)].map((m) => m[1] ?? '');
}

/** Returns the body of the first fenced ```ts block, or null. */
function firstTypeScriptBlock(markdown: string): string | null {
  return typeScriptBlocks(markdown)[0] ?? null;
}

/** Returns the body of the first fenced ```ts or ```js block (a package's usage example), or null. */
function firstUsageBlock(markdown: string): string | null {
  return /^```(?:ts|js)\n([\s\S]*?)^```/m.exec(markdown)?.[1] ?? null;
}

async function runExample(name: string, source: string): Promise<void> {
  mkdirSync(scratch, { recursive: true });
  const file = `${scratch}/${name}.example.ts`;
  writeFileSync(file, source);
  await import(/* @vite-ignore */ pathToFileURL(file).href);
}

const packages = readdirSync(`${root}packages`).filter((name) =>
  existsSync(`${root}packages/${name}/src/index.ts`),
);

describe('package READMEs', () => {
  it('extracts only the first ts block', () => {
    expect(firstTypeScriptBlock('x\n```ts\nconst a = 1;\n```\n```ts\nother\n```\n')).toBe('const a = 1;\n');
    expect(firstTypeScriptBlock('```js\nnope\n```')).toBeNull();
    expect(firstUsageBlock('```sh\nls\n```\n```js\nconst b = 2;\n```\n```ts\nlater\n```\n')).toBe(
      'const b = 2;\n',
    );
    expect(firstUsageBlock('```sh\nls\n```')).toBeNull();
  });

  it.each(packages)('%s README has a usage example that runs', async (name) => {
    const readme = readFileSync(`${root}packages/${name}/README.md`, 'utf8');
    const example = firstUsageBlock(readme);
    expect(example, `packages/${name}/README.md has no \`\`\`ts or \`\`\`js example`).not.toBeNull();
    expect(example).toContain(`@tombstone-lab/${name}`);
    await runExample(name, example ?? '');
  });
});

describe('root README', () => {
  const readme = readFileSync(`${root}README.md`, 'utf8');

  it('starts with the two fresh-machine commands: the main job, then the test suite', () => {
    const commands = [...readme.matchAll(/^```sh\n([\s\S]*?)^```/gm)].slice(0, 2).map((m) => m[1]?.trim());
    expect(readme.indexOf('```sh')).toBeLessThan(readme.indexOf('##'));
    expect(commands[0]).toMatch(/pnpm@[\d.]+ install --frozen-lockfile && .*pnpm@[\d.]+ bench$/);
    expect(commands[1]).toMatch(/pnpm@[\d.]+ install --frozen-lockfile && .*pnpm@[\d.]+ test$/);
    const pinned = JSON.parse(readFileSync(`${root}package.json`, 'utf8')).packageManager as string;
    for (const command of commands) expect(command).toContain(pinned);
  });

  const blocks = typeScriptBlocks(readme);
  it('has an example per package', () => expect(blocks.length).toBeGreaterThanOrEqual(packages.length));
  it.each(blocks.map((source, i) => [i, source] as const))('example %i runs', async (i, source) => {
    await runExample(`root-${i}`, source);
  });
});

describe('the README says how pnpm and yarn install the four tarballs from local files (a stranger: pnpm 404s)', () => {
  const readme = readFileSync(`${root}README.md`, 'utf8');
  const names = packages.map(
    (dir) =>
      (JSON.parse(readFileSync(`${root}packages/${dir}/package.json`, 'utf8')) as { name: string }).name,
  );
  /** `@tombstone-lab/<name>` → its tarball under vendor/, any version (the file names change with each release). */
  const entries = (yaml: string) =>
    Object.fromEntries(
      [...yaml.matchAll(/^ {2}["'](@tombstone-lab\/[a-z-]+)["']: file:\.\/vendor\/(\S+)$/gm)].map((m) => [
        m[1],
        m[2],
      ]),
    );

  it('pnpm-workspace.yaml overrides and yarn resolutions point every package at its own tarball', () => {
    const yaml = /^```yaml\n# pnpm-workspace\.yaml\n([\s\S]*?)^```/m.exec(readme)?.[1] ?? '';
    const json = /^```json\n(\{\n {2}"resolutions"[\s\S]*?)^```/m.exec(readme)?.[1] ?? '{}';
    expect(yaml).toMatch(/^overrides:$/m);
    const resolutions = (JSON.parse(json) as { resolutions?: Record<string, string> }).resolutions ?? {};
    for (const [found, what] of [
      [entries(yaml), 'pnpm'],
      [
        Object.fromEntries(Object.entries(resolutions).map(([k, v]) => [k, v.replace('file:./vendor/', '')])),
        'yarn',
      ],
    ] as const) {
      expect(Object.keys(found).sort(), what).toEqual([...names].sort());
      for (const [name, file] of Object.entries(found))
        expect(file, `${what} ${name}`).toMatch(
          new RegExp(`^${name.replace('@tombstone-lab/', 'tombstone-lab-')}-\\d+\\.\\d+\\.\\d+\\.tgz$`),
        );
    }
  });
});
