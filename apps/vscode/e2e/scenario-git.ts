/**
 * The JavaScript project without TypeScript, in git: discovery (also of a file created outside the editor), an
 * in-code run, a compare against a typed `HEAD~1` cancelled while its baseline builds, Re-run Last, and the
 * compare's results replacing the in-code run's on lens, status bar and Test Explorer. Saves the README's
 * screenshots from the compare.
 */
import { copyFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { CodeServer } from './code-server.js';
import { type E2e, expectMatch } from './harness.js';
import {
  clearToasts,
  hoverWord,
  lensRows,
  openFile,
  openResultsFromPicker,
  runCommand,
  statusText,
  testExplorerRows,
  toastTexts,
  waitForLens,
  waitForLensRows,
  waitForStatus,
  waitForToast,
  webviewFrame,
} from './workbench.js';
import { JS_FILE } from './workspaces.js';

const QUICK_INPUT = '.quick-input-widget .quick-input-box input';

async function discovery(e: E2e, page: Page, ws: string): Promise<void> {
  await e.check(
    'a JavaScript project without TypeScript: lenses and Test Explorer for .bench.mjs',
    async () => {
      await openFile(page, JS_FILE);
      await waitForLens(page, /run$/, 120_000);
      const rows = await testExplorerRows(page, /LibBench[\s\S]*slow[\s\S]*fast/, 20_000);
      expectMatch(rows, /^LibBench ?lib\.bench\.mjs \|/m, 'test tree');
    },
  );
  await e.check('a bench file created outside the editor is found (file watcher)', async () => {
    const extra = join(ws, 'extra.bench.js');
    writeFileSync(
      extra,
      "import { defineSuite } from '@tombstone-lab/bench';\n" +
        "export default defineSuite({ name: 'ExtraBench', benchmarks: { noop: () => 0 } });\n",
    );
    try {
      // The watcher's relist runs the runner's `list` (a process): 20 s was too short at load 20.
      const rows = await testExplorerRows(page, /ExtraBench/, 60_000);
      expectMatch(rows, /^ExtraBench ?extra\.bench\.js \|/m, 'test tree');
    } finally {
      rmSync(extra);
    }
  });
}

/**
 * Runs Compare Against Git Ref… and picks `HEAD~1`: on `main` without an upstream the default baseline (the merge
 * base with main is HEAD itself); a ref typed in the picker (`HEAD^`) is offered as it is.
 */
async function compareAgainstHeadParent(page: Page): Promise<void> {
  await openFile(page, JS_FILE);
  await runCommand(page, 'Tombstone Bench: Compare Against Git Ref…');
  const input = page.locator(QUICK_INPUT);
  await input.waitFor({ state: 'visible' });
  const first = page.locator('.quick-input-list .monaco-list-row').first();
  await first.waitFor();
  expectMatch((await first.textContent()) ?? '', /HEAD~1\s*default baseline/, 'first ref');
  await input.fill('HEAD^');
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'typed ref' }).first().waitFor();
  await input.fill('HEAD~1');
  const row = page
    .locator('.quick-input-list .monaco-list-row.focused', { hasText: /HEAD~1\s*default baseline/ })
    .first();
  await row.waitFor();
  // The rows as shown when Enter takes the ref (twice at load 20 it took `main`, the next row down).
  const shown = await page
    .locator('.quick-input-list .monaco-list-row')
    .evaluateAll((els) => els.map((e) => `${e.classList.contains('focused') ? '>' : ' '}${e.textContent}`));
  console.log(`  ref picker rows: ${JSON.stringify(shown)}`);
  await page.keyboard.press('Enter');
}

async function inCodeThenCancelledCompare(e: E2e, page: Page): Promise<void> {
  await e.check('an in-code run of the JavaScript file', async () => {
    await openFile(page, JS_FILE);
    await runCommand(page, 'Tombstone Bench: Run Benchmarks in This File');
    await waitForStatus(page, /^bench variant: a → b: /, 240_000);
    const inCode = (rows: string[]) => rows.some((r) => /variant: a → b · \d\d:\d\d/.test(r));
    const rows = await waitForLensRows(page, inCode, 20_000);
    if (!inCode(rows)) throw new Error(`no in-code run lens: ${JSON.stringify(rows)}`);
  });
  await e.check(
    'cancel while the baseline builds reads "cancelled"; Re-run Last starts again, no resume',
    async () => {
      await clearToasts(page);
      await compareAgainstHeadParent(page);
      await waitForStatus(page, /^bench: building baseline HEAD~1…$/, 30_000);
      await waitForToast(page, /building baseline HEAD~1…/, 10_000);
      await runCommand(page, 'Tombstone Bench: Cancel Run');
      await waitForToast(page, /cancelled before the first fork/, 30_000);
      await waitForStatus(page, /^bench vs HEAD~1: cancelled$/, 10_000);
      const bad = (await toastTexts(page)).filter((t) => /ENOENT|SIGINT|failed/.test(t));
      if (bad.length) throw new Error(`error notifications: ${JSON.stringify(bad)}`);
      await clearToasts(page);
      await runCommand(page, 'Tombstone Bench: Re-run Last');
      await waitForStatus(page, /^bench: building baseline HEAD~1…$/, 30_000);
      await waitForStatus(page, /^bench vs HEAD~1: /, 300_000);
      const after = (await toastTexts(page)).filter((t) => /ENOENT|failed/.test(t));
      if (after.length) throw new Error(`error notifications after Re-run Last: ${JSON.stringify(after)}`);
    },
  );
}

async function compareResults(e: E2e, page: Page): Promise<void> {
  await e.check('the compare finds the slowed function, not the untouched one', async () => {
    await page.locator('.editor-instance .monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+Home');
    const compared = (rs: string[]) => rs.length === 2 && rs.every((r) => /vs HEAD~1 · \d\d:\d\d/.test(r));
    const rows = await waitForLensRows(page, compared, 20_000);
    if (rows.length !== 2) throw new Error(`want a lens row per benchmark: ${JSON.stringify(rows)}`);
    expectMatch(rows[0]!, /(Lost|Inconclusive)/, 'slow lens row');
    if (/Lost/.test(rows[1]!)) throw new Error(`the untouched function is Lost: ${rows[1]}`);
    await e.shot(page, 'git-lenses');
  });
  await e.check(
    'results of the earlier run are replaced, not added: lens, status bar, Test Explorer',
    async () => {
      const rows = await lensRows(page);
      for (const r of rows) {
        expectMatch(r, /vs HEAD~1 · \d\d:\d\d/, 'lens row');
        if (/variant: a → b/.test(r)) throw new Error(`the in-code run is still on a lens: ${r}`);
      }
      const status = await statusText(page);
      const total = [...status.matchAll(/(\d+) (Won|Lost|Unchanged|Held|Inconclusive|Invalid)/g)].reduce(
        (k, m) => k + Number(m[1]),
        0,
      );
      // 2 benchmarks × the 2 levels of the factor, measured on both revisions.
      if (total !== 4) throw new Error(`status bar counts ${total} results: ${status}`);
      const tree = await testExplorerRows(page, /vs HEAD~1/, 15_000);
      const cases = tree
        .split('\n')
        .filter((l) => /^\[size=512/.test(l) || /variant/.test(l.split('|')[0] ?? ''));
      if (cases.some((l) => /variant: a → b ·/.test(l)))
        throw new Error(`Test Explorer keeps the earlier run:\n${tree}`);
      if (!cases.some((l) => /vs HEAD~1 ·/.test(l)))
        throw new Error(`no case of the compare in the tree:\n${tree}`);
      await e.shot(page, 'git-test-explorer');
    },
  );
}

async function docsShots(e: E2e, page: Page): Promise<void> {
  await e.check("the README's screenshots of the compare", async () => {
    await openFile(page, JS_FILE);
    await page.keyboard.press('Control+Home');
    await page.waitForTimeout(500);
    await page.screenshot({ path: join(e.docs, 'lenses.png') });
    const hover = await hoverWord(page, 'slow', /slow:\s\(s\)/);
    expectMatch(hover, /vs HEAD~1/, 'hover');
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(e.docs, 'hover.png') });
    await page.keyboard.press('Escape');
    await openResultsFromPicker(page);
    const frame = await webviewFrame(page, 'ABAB order', 60_000);
    const width = await frame.evaluate(() => document.documentElement.clientWidth);
    const right = await frame.evaluate(
      () => document.querySelector('table.verdicts')?.getBoundingClientRect().right ?? 0,
    );
    if (right > width + 1) throw new Error(`results table ${right}px wide in a ${width}px view`);
    await page.waitForTimeout(800);
    await page.screenshot({ path: join(e.docs, 'results-view.png') });
    if (e.docs !== e.out) copyFileSync(join(e.docs, 'results-view.png'), join(e.out, 'git-results-view.png'));
  });
}

/**
 * A/A calibration from the palette: the runner's `calibrate` on the open file only (3 A/A runs, then one run per
 * injected slowdown); the notification counts that calibration's comparisons alone, and the compare's results stay
 * on the lenses of the other file. A one-benchmark file of its own keeps it short (the project's file has 4 cases:
 * 200 forks, 4.9 min at load 24).
 */
async function calibration(e: E2e, page: Page, ws: string): Promise<void> {
  await e.check('A/A calibration counts only its own runs and leaves the results shown', async () => {
    const file = join(ws, 'cal.bench.mjs');
    writeFileSync(
      file,
      "import { defineSuite } from '@tombstone-lab/bench';\n" +
        'export default defineSuite({\n' +
        "  name: 'CalBench',\n" +
        '  sampling: { warmupMs: 50, sampleMs: 40 },\n' +
        '  benchmarks: { sum: () => { let s = 0; for (let i = 0; i < 1000; i++) s += i; return s; } },\n' +
        '});\n',
    );
    try {
      await testExplorerRows(page, /CalBench/, 60_000);
      await openFile(page, 'cal.bench.mjs', file);
      await clearToasts(page);
      await runCommand(page, 'Tombstone Bench: A/A Calibration of This Machine');
      const text = await waitForToast(page, /A\/A calibration of \S*cal\.bench\.mjs:/, 420_000);
      // One benchmark × 3 A/A runs: anything else counted runs of other files or of earlier commands.
      const m = /: 3 runs, 3 comparisons, (\d) false Won\/Lost \((\d+(?:\.\d+)?)%\)/.exec(text);
      if (!m) throw new Error(`calibration notification: ${JSON.stringify(text)}`);
      if (Number(m[2]) !== Number(((Number(m[1]) / 3) * 100).toFixed(1)))
        throw new Error(`false-verdict rate does not match its count: ${JSON.stringify(text)}`);
      expectMatch(
        text,
        /injected \+\d+(?:\.\d+)?%: Lost in \d of 1 \(power \d+(?:\.\d+)?%\)/,
        'notification',
      );
      // Its tab is open beside the calibrated file (quick open of it timed out once after the notification).
      await page.locator('.tab', { hasText: JS_FILE }).first().click();
      const rows = await waitForLensRows(page, (r) => r.some((t) => /vs HEAD~1/.test(t)), 20_000);
      if (!rows.some((r) => /vs HEAD~1/.test(r)))
        throw new Error(`the calibration replaced the compare's lenses: ${JSON.stringify(rows)}`);
    } finally {
      rmSync(file, { force: true });
    }
  });
}

/** Every check of the JavaScript git project, in order. */
export async function gitScenario(e: E2e, page: Page, _server: CodeServer, ws: string): Promise<void> {
  await discovery(e, page, ws);
  await inCodeThenCancelledCompare(e, page);
  await compareResults(e, page);
  await docsShots(e, page);
  await calibration(e, page, ws);
}
