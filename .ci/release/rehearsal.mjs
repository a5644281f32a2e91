// Checks of the release rehearsal (.ci/release-rehearsal.sh), one subcommand each. Every check prints what it found
// and exits 1 on a mismatch, so the shell script can count it as a test.
//
//   node rehearsal.mjs expected <repo>                   → JSON {name: version} `changeset version` must write
//   node rehearsal.mjs versioned <repo> <expected.json>  → versions, CHANGELOG heads, internal dependency ranges
//   node rehearsal.mjs published <repo> <registry> <expected.json>   (private packages are never published)
//   node rehearsal.mjs closure <repo>                    → third-party name@version the packages need at runtime
//   node rehearsal.mjs examples <repo> <outdir>          → each package README's first ```ts/```js block as <pkg>.mjs
//   node rehearsal.mjs tree <repo> <project> <expected.json> <closure.txt> [package…]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const BUMPS = ['patch', 'minor', 'major'];
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** The workspace packages changesets versions: packages/* and apps/*, keyed by name. */
function workspacePackages(repo) {
  const found = new Map();
  for (const group of ['packages', 'apps']) {
    if (!existsSync(join(repo, group))) continue;
    for (const dir of readdirSync(join(repo, group))) {
      const manifest = join(repo, group, dir, 'package.json');
      if (existsSync(manifest)) found.set(readJson(manifest).name, { dir: join(repo, group, dir), manifest });
    }
  }
  return found;
}

/** Highest bump per package over every pending changeset's frontmatter (`"name": patch|minor|major`). */
function pendingBumps(repo) {
  const bumps = new Map();
  const dir = join(repo, '.changeset');
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.md') && f !== 'README.md')) {
    const front = /^---\n([\s\S]*?)\n---/.exec(readFileSync(join(dir, file), 'utf8'))?.[1] ?? '';
    for (const [, name, bump] of front.matchAll(/^["']?([^"':]+)["']?\s*:\s*(patch|minor|major)\s*$/gm)) {
      if (BUMPS.indexOf(bump) > BUMPS.indexOf(bumps.get(name) ?? '')) bumps.set(name, bump);
    }
  }
  return bumps;
}

// Written here rather than taken from `semver`: three cases of x.y.z, and the check must not share code with
// the changesets release plan it verifies.
function bumped(version, bump) {
  const [major, minor, patch] = version.split('.').map(Number);
  if (bump === 'major') return `${major + 1}.0.0`;
  if (bump === 'minor') return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}

function expected(repo) {
  const out = {};
  const bumps = pendingBumps(repo);
  for (const [name, { manifest }] of workspacePackages(repo)) {
    const bump = bumps.get(name);
    if (bump) out[name] = bumped(readJson(manifest).version, bump);
  }
  console.log(JSON.stringify(out, null, 2));
}

/** The CHANGELOG section of the newest version: from the first `## ` heading to the next. */
function topSection(changelog) {
  const start = changelog.indexOf('\n## ');
  const end = changelog.indexOf('\n## ', start + 1);
  return changelog.slice(start + 1, end === -1 ? undefined : end);
}

function versioned(repo, expectedFile) {
  const want = readJson(expectedFile);
  const packages = workspacePackages(repo);
  const problems = [];
  for (const [name, version] of Object.entries(want)) {
    const { dir, manifest } = packages.get(name);
    const pkg = readJson(manifest);
    if (pkg.version !== version) problems.push(`${name}: version ${pkg.version}, expected ${version}`);
    const section = topSection(readFileSync(join(dir, 'CHANGELOG.md'), 'utf8'));
    if (!section.startsWith(`## ${version}\n`))
      problems.push(`${name}: CHANGELOG starts with ${section.split('\n')[0]}`);
    if (!section.includes('Release rehearsal'))
      problems.push(`${name}: CHANGELOG ${version} lacks the rehearsal entry`);
    const repeats = section.split('Updated dependencies').length - 1;
    if (repeats > 1)
      problems.push(`${name}: CHANGELOG ${version} says "Updated dependencies" ${repeats} times`);
    for (const [dep, range] of Object.entries({ ...pkg.dependencies, ...pkg.devDependencies })) {
      if (packages.has(dep) && range !== 'workspace:*')
        problems.push(`${name}: ${dep} range ${range}, not workspace:*`);
    }
    console.log(`${name} ${pkg.version}: ${section.split('\n').length} CHANGELOG lines for this version`);
  }
  finish(problems);
}

async function published(repo, registry, expectedFile) {
  const want = readJson(expectedFile);
  const packages = workspacePackages(repo);
  const problems = [];
  for (const [name, version] of Object.entries(want)) {
    if (readJson(packages.get(name).manifest).private) continue;
    const response = await fetch(`${registry}${name.replace('/', '%2f')}`);
    if (!response.ok) {
      problems.push(`${name}: registry answered ${response.status}`);
      continue;
    }
    const manifest = (await response.json()).versions?.[version];
    if (!manifest) {
      problems.push(`${name}@${version} is not on the registry`);
      continue;
    }
    for (const [dep, range] of Object.entries(manifest.dependencies ?? {})) {
      if (dep in want && range !== want[dep])
        problems.push(`${name}: depends on ${dep}@${range}, not ${want[dep]}`);
      if (range.startsWith('workspace:')) problems.push(`${name}: published with ${dep}@${range}`);
    }
    if (JSON.stringify(manifest.exports ?? {}).includes('@tombstone-lab/source'))
      problems.push(`${name}: published exports name the source condition`);
    console.log(
      `${name}@${version} on the registry, dependencies ${JSON.stringify(manifest.dependencies ?? {})}`,
    );
  }
  finish(problems);
}

/**
 * Names of every dev dependency in the workspace (root included): none of them may reach a user's install. The
 * workspace's own packages are not dev-only even where one is another's dev dependency (harness builds against
 * bench, its optional peer): a user installs them by name.
 */
function devOnly(repo) {
  const packages = workspacePackages(repo);
  const manifests = [join(repo, 'package.json'), ...[...packages.values()].map((p) => p.manifest)];
  const names = new Set(manifests.flatMap((m) => Object.keys(readJson(m).devDependencies ?? {})));
  for (const { manifest } of packages.values()) {
    for (const name of Object.keys(readJson(manifest).dependencies ?? {})) names.delete(name);
  }
  for (const name of packages.keys()) names.delete(name);
  return names;
}

/**
 * Every third-party name@version in the packages' production dependency trees (pnpm's own resolution), but the
 * optional peers pnpm lists too (valibot's typescript), which no install needs.
 */
function closure(repo) {
  const dev = devOnly(repo);
  const json = execFileSync(
    'pnpm',
    ['--filter', './packages/*', 'list', '--prod', '--depth', 'Infinity', '--json'],
    {
      cwd: repo,
      encoding: 'utf8',
      maxBuffer: 64 << 20,
    },
  );
  const found = new Set();
  const walk = (deps) => {
    for (const [name, dep] of Object.entries(deps ?? {})) {
      if (!dep.version?.startsWith('link:') && !dev.has(name)) found.add(`${name}@${dep.version}`);
      walk(dep.dependencies);
      walk(dep.optionalDependencies);
    }
  };
  for (const project of JSON.parse(json)) {
    walk(project.dependencies);
    walk(project.optionalDependencies);
  }
  console.log([...found].sort().join('\n'));
}

async function examples(repo, outdir) {
  const { transform } = await import(join(repo, 'node_modules/esbuild/lib/main.js'));
  mkdirSync(outdir, { recursive: true });
  for (const dir of readdirSync(join(repo, 'packages'))) {
    const readme = join(repo, 'packages', dir, 'README.md');
    // The first ```ts or ```js block: a package may show its usage as plain JavaScript (valid for the ts loader too).
    const block =
      existsSync(readme) && /^```(?:ts|js)\n([\s\S]*?)^```/m.exec(readFileSync(readme, 'utf8'))?.[1];
    if (!block) continue;
    const { code } = await transform(block, { loader: 'ts', format: 'esm', target: 'node20' });
    writeFileSync(join(outdir, `${dir}.ts`), block);
    writeFileSync(join(outdir, `${dir}.mjs`), code);
    console.log(`${dir}.mjs from packages/${dir}/README.md (${block.split('\n').length} lines)`);
  }
}

/** name@version of every package installed under a project, for npm's, yarn's and pnpm's layouts alike. */
function installed(project) {
  const found = new Set();
  const seen = new Set();
  const visit = (modules) => {
    if (!existsSync(modules)) return;
    for (const entry of readdirSync(modules)) {
      if (entry === '.pnpm') {
        for (const store of readdirSync(join(modules, entry)))
          visit(join(modules, entry, store, 'node_modules'));
      } else if (entry.startsWith('@')) {
        for (const scoped of readdirSync(join(modules, entry))) visitPackage(join(modules, entry, scoped));
      } else if (!entry.startsWith('.')) visitPackage(join(modules, entry));
    }
  };
  const visitPackage = (dir) => {
    const real = realpathSync(dir);
    if (seen.has(real) || !existsSync(join(real, 'package.json'))) return;
    seen.add(real);
    const { name, version } = readJson(join(real, 'package.json'));
    found.add(`${name}@${version}`);
    visit(join(real, 'node_modules'));
  };
  visit(join(project, 'node_modules'));
  return found;
}

// The installed tree must hold the packages asked for, their runtime dependencies and nothing else: no test
// runner, no TypeScript, no other package's dev dependencies; and the packages themselves no test files.
function tree(repo, project, expectedFile, closureFile, ...names) {
  const want = readJson(expectedFile);
  const allowed = new Set(readFileSync(closureFile, 'utf8').split('\n').filter(Boolean));
  for (const [name, version] of Object.entries(want)) allowed.add(`${name}@${version}`);
  const problems = [];
  const have = installed(project);
  for (const entry of have) if (!allowed.has(entry)) problems.push(`installed but not needed: ${entry}`);
  const dev = devOnly(repo);
  for (const entry of have)
    if (dev.has(entry.slice(0, entry.lastIndexOf('@')))) problems.push(`dev-only: ${entry}`);
  for (const name of names) {
    if (!have.has(`${name}@${want[name]}`)) problems.push(`${name}@${want[name]} not installed`);
    const dir = realpathSync(join(project, 'node_modules', name));
    const tests = listFiles(dir).filter((f) => /\.test\.|\.spec\./.test(f));
    if (tests.length > 0) problems.push(`${name} ships tests: ${tests.slice(0, 3).join(', ')}`);
  }
  console.log(`${have.size} packages installed: ${[...have].sort().join(' ')}`);
  finish(problems);
}

function listFiles(dir, prefix = '') {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules') return [];
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    return e.isDirectory() ? listFiles(join(dir, e.name), rel) : [rel];
  });
}

function finish(problems) {
  for (const problem of problems) console.error(problem);
  process.exitCode = problems.length > 0 ? 1 : 0;
}

const [command, ...args] = process.argv.slice(2);
const commands = { expected, versioned, published, closure, examples, tree };
if (!commands[command]) {
  console.error(`usage: rehearsal.mjs ${Object.keys(commands).join('|')} …`);
  process.exit(2);
}
await commands[command](...args);
