#!/usr/bin/env node
// Runs the whole vitest suite (every package + repo-level tests) and prints the closing line CI recognises:
//   tests: N passed, N failed[, N skipped]
// vitest's own summary is not recognised by CI, and a test file that fails to import shows up in the JSON report
// only as a failed *file* with zero failed tests, so both are counted here. Exits non-zero on any failure or when
// no test ran. Extra arguments are passed to vitest (e.g. `pnpm test --project core`).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const vitestBin = join(require.resolve('vitest/package.json'), '..', 'vitest.mjs');
const dir = mkdtempSync(join(tmpdir(), 'tombstone-lab-test-'));
const report = join(dir, 'vitest.json');

const run = spawnSync(
  process.execPath,
  [
    vitestBin,
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit', env: { ...process.env, NO_COLOR: process.env.NO_COLOR ?? '1' } },
);

let passed = 0;
let failed = 0;
let skipped = 0;
let failedFiles = 0;
try {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed = json.numPassedTests ?? 0;
  failed = json.numFailedTests ?? 0;
  skipped = (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
  for (const file of json.testResults ?? []) {
    const failedInFile = (file.assertionResults ?? []).filter((a) => a.status === 'failed').length;
    if (file.status === 'failed' && failedInFile === 0) failedFiles += 1;
  }
} catch (error) {
  console.error(`could not read the vitest JSON report at ${report}: ${error.message}`);
  failedFiles += 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}

failed += failedFiles;
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
if (failedFiles) console.error(`${failedFiles} test file(s) failed to load or run outside any test`);
if (passed === 0) console.error('no test ran');
process.exit(run.status !== 0 || failed > 0 || passed === 0 ? 1 : 0);
