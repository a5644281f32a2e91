/**
 * End-to-end test of the packaged extension in a real VS Code (code-server 4.100.3 in Debian's Chromium, driven by
 * playwright-core): open a workspace with a bench file, run benchmarks from the palette with the real runner,
 * check lens, decoration, hover, status bar and Test Explorer, open the results webview, then cancel a run midway
 * and check that no runner process is left. Prints `e2e ok: <check>` / `e2e FAILED: <check>` per check (CI counts
 * them) and saves screenshots to the output folder.
 *
 * Usage: node dist/e2e/run.cjs --code-server <bin> --vsix <file> --out <dir> [--keep]
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { descendants, readParents } from '../src/runner/process-tree.js';
import { launchChromium, openWorkbench, startCodeServer } from './code-server.js';
import {
  afterLineTexts,
  hoverWord,
  openFile,
  runCommand,
  waitForLens,
  watchLenses,
  webviewFrame,
} from './workbench.js';

const { values } = parseArgs({
  options: {
    'code-server': { type: 'string' },
    vsix: { type: 'string' },
    out: { type: 'string' },
    keep: { type: 'boolean' },
  },
});
const need = (name: 'code-server' | 'vsix' | 'out') => {
  const v = values[name];
  if (!v) throw new Error(`--${name} is required`);
  return resolve(v);
};

const APP = resolve(__dirname, '..', '..');
const BENCH_PKG = resolve(APP, '..', '..', 'packages', 'bench');
const FILE = 'list-ops.bench.ts';

let passed = 0;
let failed = 0;
let onFailure: (name: string) => Promise<void> = async () => {};
async function check(name: string, fn: () => Promise<void>): Promise<boolean> {
  const t0 = Date.now();
  try {
    await fn();
    passed++;
    console.log(`e2e ok: ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    return true;
  } catch (e) {
    failed++;
    console.log(`e2e FAILED: ${name}: ${(e as Error).message.split('\n').slice(0, 6).join('\n  ')}`);
    await onFailure(name).catch(() => undefined);
    return false;
  }
}

function expectMatch(text: string, re: RegExp, what: string): void {
  if (!re.test(text)) throw new Error(`${what} ${JSON.stringify(text.slice(0, 400))} does not match ${re}`);
}

/** A workspace with the bench file and the runner installed as a consumer would have it. */
function makeWorkspace(scratch: string): string {
  const ws = join(scratch, 'workspace');
  mkdirSync(join(ws, 'node_modules', '@tombstone-lab'), { recursive: true });
  mkdirSync(join(ws, 'node_modules', '.bin'), { recursive: true });
  cpSync(join(APP, 'e2e', 'workspace', FILE), join(ws, FILE));
  symlinkSync(BENCH_PKG, join(ws, 'node_modules', '@tombstone-lab', 'bench'));
  symlinkSync(join(BENCH_PKG, 'dist', 'cli.js'), join(ws, 'node_modules', '.bin', 'tombstone-bench'));
  return ws;
}

/** The runner processes (CLI and forks) under code-server's process tree. */
function runnerProcesses(root: number): number[] {
  return descendants(root, readParents()).filter((pid) => {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      return (
        cmd.includes('tombstone-bench') || cmd.includes('bench/dist/cli.js') || cmd.includes('fork-worker')
      );
    } catch {
      return false;
    }
  });
}

async function shot(page: Page, out: string, name: string): Promise<void> {
  await page.screenshot({ path: join(out, `${name}.png`) });
}

async function scenario(page: Page, out: string, codeServerPid: number, ws: string): Promise<void> {
  onFailure = async (name) => {
    await shot(page, out, `failed-${name.replace(/\W+/g, '-').slice(0, 40)}`);
    const toasts = await page.locator('.notification-toast').allInnerTexts();
    if (toasts.length) console.log(`  notifications: ${JSON.stringify(toasts)}`);
  };
  await check('extension activates and shows lenses before the first run', async () => {
    await openFile(page, FILE);
    await waitForLens(page, /run$/, 30_000);
  });
  await check('compare from the palette shows progress, then the verdict lens', async () => {
    const lenses = watchLenses(page);
    await runCommand(page, 'Tombstone Bench: Run Benchmarks in This File');
    await page
      .locator('.notification-toast', { hasText: 'Tombstone Bench' })
      .first()
      .waitFor({ timeout: 15_000 });
    const won = await waitForLens(page, /(Won|Lost|Unchanged|Inconclusive|Invalid)$/, 180_000).finally(
      lenses.stop,
    );
    if (![...lenses.seen].some((t) => /measuring [1-9]\d*\/10$/.test(t)))
      throw new Error(`no "measuring k/10" lens while running; seen: ${JSON.stringify([...lenses.seen])}`);
    expectMatch(won, /Won$/, 'copy lens (forks are noisy when the machine is overloaded)');
    expectMatch(
      won,
      /^\[size=256\] [\d.]+ [a-zµ ]+ → [\d.]+ [a-zµ ]+ {2}−\d+\.\d% {2}p=\S+ {2}Won$/,
      'copy lens',
    );
    const held = await waitForLens(page, /(Held|Lost)$/, 30_000);
    expectMatch(
      held,
      /^\[size=256\] [\d.]+ [a-zµ ]+ → [\d.]+ [a-zµ ]+ {2}(~|[+−]\d+\.\d+%) {2}p=\S+ {2}(Held|Lost)$/,
      'guardrail lens',
    );
    await shot(page, out, 'lenses');
  });
  await check('after-line decoration carries the verdict', async () => {
    const texts = await afterLineTexts(page);
    if (!texts.some((t) => /Won/.test(t))) throw new Error(`decorations: ${JSON.stringify(texts)}`);
  });
  await check('hover shows the full statistics', async () => {
    const text = await hoverWord(page, 'copy');
    for (const part of [
      'Won (primary)',
      'median cpu ns/op',
      'HL ratio',
      'pairing',
      'sample_sufficiency',
      'Reproduce',
      'tombstone-bench run',
    ]) {
      if (!text.includes(part)) throw new Error(`hover lacks ${JSON.stringify(part)}: ${text.slice(0, 600)}`);
    }
    await shot(page, out, 'hover');
    await page.keyboard.press('Escape');
  });
  await check('status bar summarises the run', async () => {
    // After the last fork the runner's final analysis replaces the live verdicts; the summary follows.
    const item = page.locator('.statusbar-item', { hasText: / Won · / }).first();
    await item.waitFor({ timeout: 30_000 });
    expectMatch(
      ((await item.textContent()) ?? '').trim(),
      /^bench: 1 Won · 1 Held · 0 Lost$|^bench: 1 Won · 0 Held · 1 Lost$/,
      'status bar',
    );
  });
  await check('Test Explorer shows the benchmark cases with their state', async () => {
    await runCommand(page, 'Testing: Focus on Test Explorer View');
    const tree = page.locator('.test-explorer .monaco-list');
    await tree.waitFor({ timeout: 10_000 });
    // A row's text is its label and description; its aria-label carries the state, e.g. "copy (Passed)".
    const rows = async () =>
      (
        await page
          .locator('.test-explorer .monaco-list-row')
          .evaluateAll((els) =>
            els.map(
              (e) => `${(e.textContent ?? '').replace(/\s+/g, ' ')} | ${e.getAttribute('aria-label') ?? ''}`,
            ),
          )
      ).join('\n');
    const deadline = Date.now() + 15_000;
    let labels = await rows();
    while (!/\[size=256\].*Won.*\(Passed\)/.test(labels) && Date.now() < deadline) {
      for (const row of await page.locator('.test-explorer .monaco-list-row[aria-expanded="false"]').all())
        await row.click({ timeout: 2000 }).catch(() => undefined);
      await page.waitForTimeout(400);
      labels = await rows();
    }
    expectMatch(labels, /^ListOpsBench ?list-ops\.bench\.ts \|/m, 'test tree');
    expectMatch(labels, /^copy \| copy \(Passed\)$/m, 'test tree');
    expectMatch(labels, /^\[size=256\] ?−\d+\.\d% Won \| .*\(Passed\)$/m, 'test tree');
    await shot(page, out, 'test-explorer');
  });
  await check('results webview shows verdicts, ABAB order and the runner plots', async () => {
    await runCommand(page, 'Tombstone Bench: Open Results');
    const frame = await webviewFrame(page, 'ABAB order', 30_000);
    const body = await frame.evaluate(() => document.body.textContent ?? '');
    expectMatch(body, /ListOpsBench\.copy\[size=256\][\s\S]*Won/, 'webview');
    const plots = await frame.evaluate(() => document.querySelectorAll('img.plot').length);
    if (plots < 1) throw new Error('no runner plot in the webview');
    await shot(page, out, 'webview');
  });
  await check('cancel midway leaves no runner process', async () => {
    await openFile(page, FILE);
    // Focus the bench editor itself (the results webview beside it may hold the focus).
    await page.locator('.editor-instance .monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+Home'); // lenses are drawn only for lines in view
    await runCommand(page, 'Tombstone Bench: Run Benchmarks in This File');
    await waitForLens(page, /measuring [1-9]\d*\/10/, 60_000);
    const before = runnerProcesses(codeServerPid);
    if (before.length === 0) throw new Error('no runner process was running');
    await runCommand(page, 'Tombstone Bench: Cancel Run');
    await waitForLens(page, /cancelled at \d+\/10/, 30_000);
    const deadline = Date.now() + 10_000;
    let left = runnerProcesses(codeServerPid);
    while (left.length > 0 && Date.now() < deadline) {
      await page.waitForTimeout(250);
      left = runnerProcesses(codeServerPid);
    }
    if (left.length > 0)
      throw new Error(`runner processes left: ${left.join(', ')} (were ${before.join(', ')})`);
    await shot(page, out, 'cancelled');
  });
  await check('the cancelled run left a valid results file and Re-run Last resumes it', async () => {
    const files = () =>
      readdirSync(join(ws, '.tombstone-bench'))
        .filter((f) => f.endsWith('.json'))
        .sort();
    const before = files();
    const cancelled = JSON.parse(
      readFileSync(join(ws, '.tombstone-bench', before.at(-1)!), 'utf8'),
    ) as Results;
    const counted = (r: Results) => r.benchmarks.reduce((k, b) => k + b.samples.length, 0);
    if (cancelled.finishedAt !== null || counted(cancelled) === 0 || counted(cancelled) >= 20)
      throw new Error(`cancelled file: finishedAt ${cancelled.finishedAt}, ${counted(cancelled)} samples`);
    await runCommand(page, 'Tombstone Bench: Re-run Last');
    const read = () =>
      JSON.parse(readFileSync(join(ws, '.tombstone-bench', before.at(-1)!), 'utf8')) as Results;
    const deadline = Date.now() + 120_000;
    while (read().finishedAt === null && Date.now() < deadline) await page.waitForTimeout(500);
    const after = files();
    if (after.join() !== before.join()) throw new Error(`a new results file appeared: ${after.join(', ')}`);
    const resumed = read();
    if (resumed.finishedAt === null || counted(resumed) !== 20)
      throw new Error(
        `resumed file: finishedAt ${resumed.finishedAt}, ${counted(resumed)} samples (want 20)`,
      );
    await waitForLens(page, /Won$/, 10_000);
  });
}

/** The parts of a results file the checks read. */
interface Results {
  finishedAt: string | null;
  benchmarks: { samples: unknown[] }[];
}

async function main(): Promise<number> {
  const out = need('out');
  mkdirSync(out, { recursive: true });
  const scratch = mkdtempSync(join(tmpdir(), 'tb-e2e-'));
  const ws = makeWorkspace(scratch);
  const log: string[] = [];
  const server = await startCodeServer({
    bin: need('code-server'),
    scratch,
    vsix: need('vsix'),
    // CPU time: descheduling on a loaded machine is not charged to the op (bench README, "Which metric").
    settings: { 'tombstoneBench.samplesPerSide': 5, 'tombstoneBench.metric': 'cpuNsPerOp' },
    log: (l) => log.push(l),
  });
  const browser = await launchChromium();
  try {
    const page = await openWorkbench(browser, server, ws, { width: 1400, height: 900 });
    await scenario(page, out, server.process.pid!, ws);
  } finally {
    await browser.close();
    server.stop();
    if (!values.keep) rmSync(scratch, { recursive: true, force: true });
    else console.log(`kept ${scratch}`);
    if (failed > 0) console.log(log.slice(-40).join('\n'));
  }
  console.log(`e2e: ${passed} passed, ${failed} failed`);
  return failed === 0 && passed > 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.log(`e2e FAILED: setup: ${(e as Error).stack ?? e}`);
    process.exit(1);
  },
);
