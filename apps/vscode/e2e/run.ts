/**
 * End-to-end test of the packaged extension in a real VS Code (code-server 4.100.3 in Debian's Chromium, driven by
 * playwright-core), with the real runner:
 * - a TypeScript project: lenses before the first run, a palette run with progress, verdict lens (one unit, one
 *   named p), one inline surface by default (decoration by setting), hover, status bar, Test Explorer, results view,
 *   cancel midway with no process left, Re-run Last resuming the cancelled file;
 * - its edges, with the results view beside the editor (each half the window): cancel → reopen reads "not measured",
 *   the open view follows the next run, Reload Window restores the newest saved run, an edit marks the lens stale,
 *   a syntax error is named in the toast and listed in Problems;
 * - a fresh npm project in JavaScript without TypeScript, two git commits: discovery of `.bench.mjs` and of a file
 *   created outside the editor, an in-code run, then a compare against a typed `HEAD~1` cancelled while the baseline
 *   builds and re-run (no resume of a never-written file), whose results replace the earlier run's on lens, status
 *   bar and Test Explorer (the slowed function Lost or Inconclusive, the untouched one not Lost), and the README's
 *   screenshots;
 * - an untrusted folder in the light theme: run commands hidden, a saved results file opened read-only, a cancelled
 *   run reopened reading "not measured".
 * Prints `e2e ok: <check>` / `e2e FAILED: <check>` per check (CI counts them) and saves screenshots to --out.
 *
 * Usage: node dist/e2e/run.cjs --code-server <bin> --vsix <file> --out <dir> [--docs <dir>] [--keep]
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser } from 'playwright-core';
import { launchChromium, openWorkbench, startCodeServer } from './code-server.js';
import { type E2e, harness, tally } from './harness.js';
import { edgesScenario } from './scenario-edges.js';
import { gitScenario } from './scenario-git.js';
import { BASE_SETTINGS, tsScenario } from './scenario-ts.js';
import { untrustedScenario } from './scenario-untrusted.js';
import { makeJsGitWorkspace, makeTsWorkspace } from './workspaces.js';

const { values } = parseArgs({
  options: {
    'code-server': { type: 'string' },
    vsix: { type: 'string' },
    out: { type: 'string' },
    docs: { type: 'string' },
    keep: { type: 'boolean' },
  },
});
const need = (name: 'code-server' | 'vsix' | 'out') => {
  const v = values[name];
  if (!v) throw new Error(`--${name} is required`);
  return resolve(v);
};

async function trustedRuns(e: E2e, browser: Browser, scratch: string, log: string[]) {
  const tsWs = makeTsWorkspace(scratch);
  const jsWs = makeJsGitWorkspace(scratch);
  const server = await startCodeServer({
    bin: need('code-server'),
    scratch: join(scratch, 'trusted'),
    vsix: need('vsix'),
    settings: BASE_SETTINGS,
    log: (l) => log.push(l),
  });
  try {
    const page = await openWorkbench(browser, server, tsWs, { width: 1400, height: 900 });
    e.watch(page);
    await tsScenario(e, page, server, tsWs);
    await edgesScenario(e, page, tsWs);
    await page.close();
    // The README's width: the screenshots are shown at this size.
    const js = await openWorkbench(browser, server, jsWs, { width: 1280, height: 800 });
    e.watch(js);
    await gitScenario(e, js, server, jsWs);
  } finally {
    server.stop();
  }
  return tsWs;
}

async function main(): Promise<number> {
  const out = need('out');
  mkdirSync(out, { recursive: true });
  const docs = values.docs ? resolve(values.docs) : out;
  mkdirSync(docs, { recursive: true });
  const e = harness(out, docs);
  const scratch = mkdtempSync(join(tmpdir(), 'tb-e2e-'));
  const log: string[] = [];
  const browser = await launchChromium();
  const t0 = Date.now();
  try {
    const tsWs = await trustedRuns(e, browser, scratch, log);
    await untrustedScenario(e, browser, {
      bin: need('code-server'),
      vsix: need('vsix'),
      scratch,
      ws: tsWs,
      log,
    });
  } finally {
    await browser.close();
    if (!values.keep) rmSync(scratch, { recursive: true, force: true });
    else console.log(`kept ${scratch}`);
    if (tally.failed > 0) console.log(log.slice(-40).join('\n'));
  }
  const secs = ((Date.now() - t0) / 1000).toFixed(0);
  console.log(`e2e: ${tally.passed} passed, ${tally.failed} failed in ${secs} s`);
  return tally.failed === 0 && tally.passed > 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.log(`e2e FAILED: setup: ${(err as Error).stack ?? err}`);
    process.exit(1);
  },
);
