// The files each public package ships, checked against .ci/pack-files/<package>.txt, with packed and installed sizes.
// `pnpm pack` (what `changeset publish` publishes: workspace ranges and publishConfig applied) into a temp folder,
// then the tarball's own listing: no tests, no source map naming a file that is not shipped, and exactly the
// expected list. Prints `pack ok: <package>` / `pack FAILED: <package>` per package (counted by .ci/run) and the
// sizes table the root README carries.
//
//   node .ci/pack-check.mjs            check (exit 1 on any difference)
//   node .ci/pack-check.mjs --update   rewrite the expected lists after a deliberate change, and print the table
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

const root = new URL('..', import.meta.url).pathname;
const listsDir = join(root, '.ci/pack-files');
const update = process.argv.includes('--update');
const unknown = process.argv.slice(2).filter((a) => a !== '--update');
if (unknown.length > 0) {
  console.error(`pack-check: unknown argument ${unknown[0]} (only --update)`);
  process.exit(2);
}

/** Entries of a .tgz as {path, size, text}: a plain ustar reader, because Node has no tar and the check must run
 * where only Node and npm are installed (pnpm's tarballs are plain ustar, `package/` prefixed). */
function readTarball(file) {
  const tar = gunzipSync(readFileSync(file));
  const entries = [];
  for (let at = 0; at + 512 <= tar.length; ) {
    const header = tar.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break;
    const field = (start, length) => header.toString('utf8', start, start + length).replace(/\0.*$/s, '');
    const size = Number.parseInt(field(124, 12).trim() || '0', 8);
    const prefix = field(345, 155);
    const name = (prefix ? `${prefix}/` : '') + field(0, 100);
    if (field(156, 1) === '0' || field(156, 1) === '') {
      entries.push({
        path: name.replace(/^package\//, ''),
        size,
        body: tar.subarray(at + 512, at + 512 + size),
      });
    }
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return entries;
}

function problemsOf(entries) {
  const paths = new Set(entries.map((e) => e.path));
  const problems = [];
  for (const { path, body } of entries) {
    if (/(^|\/)(test-[^/]*|[^/]*\.(test|spec)\.[^/]*|__tests__\/.*)$/.test(path))
      problems.push(`ships a test: ${path}`);
    if (path.endsWith('.map')) {
      const dir = path.split('/').slice(0, -1).join('/');
      for (const source of JSON.parse(body.toString('utf8')).sources ?? []) {
        const target = join('/', dir, source).slice(1);
        if (!paths.has(target)) problems.push(`${path} points at ${target}, not shipped`);
      }
    }
    const map = /\/\/# sourceMappingURL=(?!data:)(\S+)\s*$/.exec(
      /\.(m|c)?js$/.test(path) ? body.toString('utf8') : '',
    );
    if (map && !paths.has(join('/', path, '..', map[1]).slice(1)))
      problems.push(`${path} names ${map[1]}, not shipped`);
  }
  return problems;
}

function publicPackages() {
  return readdirSync(join(root, 'packages'))
    .map((dir) => join(root, 'packages', dir))
    .filter((dir) => existsSync(join(dir, 'package.json')))
    .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) }))
    .filter(({ manifest }) => !manifest.private);
}

function checkPackage({ dir, manifest }, out) {
  const short = manifest.name.split('/').pop();
  execFileSync('pnpm', ['pack', '--pack-destination', out], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const tarball = join(
    out,
    readdirSync(out).find((f) => f.startsWith(`tombstone-lab-${short}-`)),
  );
  const entries = readTarball(tarball);
  const actual = entries.map((e) => e.path).sort();
  const listFile = join(listsDir, `${short}.txt`);
  const problems = problemsOf(entries);
  if (update) writeFileSync(listFile, `${actual.join('\n')}\n`);
  const expected = existsSync(listFile) ? readFileSync(listFile, 'utf8').split('\n').filter(Boolean) : [];
  const added = actual.filter((p) => !expected.includes(p));
  const missing = expected.filter((p) => !actual.includes(p));
  for (const p of added) problems.push(`packed but not in .ci/pack-files/${short}.txt: ${p}`);
  for (const p of missing) problems.push(`in .ci/pack-files/${short}.txt but not packed: ${p}`);
  const installed = entries.reduce((sum, e) => sum + e.size, 0);
  return { name: manifest.name, files: actual.length, packed: statSync(tarball).size, installed, problems };
}

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const out = mkdtempSync(join(tmpdir(), 'pack-check-'));
let failed = 0;
const rows = [];
try {
  for (const pkg of publicPackages()) {
    const result = checkPackage(pkg, out);
    rows.push(result);
    for (const problem of result.problems) console.error(`  ${result.name}: ${problem}`);
    console.log(`pack ${result.problems.length === 0 ? 'ok' : 'FAILED'}: ${result.name}`);
    if (result.problems.length > 0) failed++;
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
console.log('\n| package | files | packed | installed |\n| --- | --: | --: | --: |');
for (const r of rows) console.log(`| \`${r.name}\` | ${r.files} | ${kib(r.packed)} | ${kib(r.installed)} |`);
if (failed > 0 && !update) {
  console.error(
    '\nA deliberate change of the shipped files: `node .ci/pack-check.mjs --update`, and commit the lists.',
  );
}
process.exitCode = failed > 0 ? 1 : 0;
