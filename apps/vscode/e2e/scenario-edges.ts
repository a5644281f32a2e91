/**
 * The edges a new user met (issue 36), in the TypeScript project with the results view open beside the editor (each
 * half the window wide): a cancelled run reopened from its file reads "not measured", never Invalid; the open view
 * follows the next run; Reload Window restores the newest saved run; an edit (and a file rewritten as a checkout
 * does) marks the lens stale; a syntax error names its first error in the toast and lists itself in Problems.
 */
import { readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { type E2e, expectMatch } from './harness.js';
import {
  clearToasts,
  lensTexts,
  openFile,
  openResultsFromPicker,
  problemRows,
  runCommand,
  statusText,
  testExplorerRows,
  waitForLens,
  waitForStatus,
  waitForToast,
  webviewFrame,
} from './workbench.js';
import { TS_FILE } from './workspaces.js';

/** The saved results files, oldest first (their names are time stamps). */
function resultsFiles(ws: string): string[] {
  const dir = join(ws, '.tombstone-bench');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => join(dir, f));
}

/** The bench file in view, its first lines (and lenses) on screen. */
async function focusBenchFile(page: Page): Promise<void> {
  if (await page.locator('.part.panel').isVisible()) await runCommand(page, 'View: Hide Panel');
  await openFile(page, TS_FILE);
  await page.keyboard.press('Control+Home'); // lenses are drawn only for lines in view
}

async function bodyOf(page: Page, text: string): Promise<string> {
  const frame = await webviewFrame(page, text, 60_000);
  return frame.evaluate(() => document.body.textContent ?? '');
}

async function cancelThenReopen(e: E2e, page: Page, ws: string): Promise<void> {
  await e.check(
    'cancel → reopen: unmeasured cases read "not measured (cancelled at k/n)", never Invalid',
    async () => {
      await focusBenchFile(page);
      await runCommand(page, 'Tombstone Bench: Run Benchmarks in This File');
      await waitForLens(page, /measuring [1-9]\d*\/\d+/, 120_000);
      await runCommand(page, 'Tombstone Bench: Cancel Run');
      await waitForLens(page, /cancelled at \d+\/\d+/, 30_000);
      const file = resultsFiles(ws).at(-1)!;
      const saved = JSON.parse(readFileSync(file, 'utf8')) as { finishedAt: string | null };
      if (saved.finishedAt !== null) throw new Error(`${file} is not an interrupted run`);
      await runCommand(page, 'Tombstone Bench: Clear Results');
      await openResultsFromPicker(page, /interrupted/);
      const body = await bodyOf(page, 'Interrupted run');
      expectMatch(body, /not measured \(cancelled at \d+\/\d+\)/, 'results view');
      if (/Invalid/.test(body)) throw new Error(`the results view says Invalid: ${body.slice(0, 400)}`);
      await waitForLens(page, /not measured \(cancelled at \d+\/\d+\)/, 30_000);
      const lenses = await lensTexts(page);
      if (lenses.some((t) => /Invalid/.test(t)))
        throw new Error(`a lens says Invalid: ${JSON.stringify(lenses)}`);
      const status = await waitForStatus(page, /^bench impl: copyLoop → slice: cancelled/, 15_000);
      if (/Invalid/.test(status)) throw new Error(`status bar: ${status}`);
      await e.shot(page, 'edges-reopened-cancelled');
    },
  );
}

async function viewFollowsNextRun(e: E2e, page: Page, ws: string): Promise<void> {
  await e.check('open view → next run: the results view shows the newer run when it ends', async () => {
    const before = resultsFiles(ws);
    await focusBenchFile(page);
    await runCommand(page, 'Tombstone Bench: Run Benchmarks in This File');
    // Won, or Inconclusive when a check of the run failed at a loaded moment (load 8: "2 Inconclusive").
    await waitForStatus(page, /^bench impl: copyLoop → slice: \d+ (Won|Inconclusive)/, 240_000);
    const added = resultsFiles(ws).filter((f) => !before.includes(f));
    const name = added.at(-1)?.split('/').at(-1);
    if (!name) throw new Error('the run wrote no results file');
    const body = await bodyOf(page, name);
    if (body.includes('Interrupted run')) throw new Error('the view still shows the cancelled run');
    expectMatch(body, /ListOpsBench\.copy\[size=256\][\s\S]*(Won|Inconclusive)/, 'results view');
    await e.shot(page, 'edges-view-follows');
  });
}

async function reloadRestores(e: E2e, page: Page): Promise<void> {
  await e.check(
    'reload → restore: the newest saved run is back on lenses, status bar and Test Explorer',
    async () => {
      // The workbench reloads the page: wait for that navigation, not for the old page's workbench.
      await Promise.all([
        page.waitForNavigation({ waitUntil: 'domcontentloaded', timeout: 180_000 }),
        runCommand(page, 'Developer: Reload Window'),
      ]);
      await page.locator('.monaco-workbench').waitFor({ timeout: 180_000 });
      await page.locator('.statusbar').waitFor({ timeout: 60_000 });
      await focusBenchFile(page);
      await waitForLens(page, /^impl: copyLoop → slice · \d\d:\d\d \(saved\)$/, 120_000);
      // The saved run's verdict: Won, or Inconclusive when a check failed at a loaded moment (Skipped then).
      await waitForLens(page, /(Won|Inconclusive)$/, 10_000);
      await waitForStatus(page, /^bench impl: copyLoop → slice: \d (Won|Inconclusive)/, 30_000);
      const rows = await testExplorerRows(page, /\(saved\).*\((Passed|Skipped)\)/, 30_000);
      expectMatch(
        rows,
        /^\[size=256\] ?−\d+\.\d% (Won · impl: copyLoop → slice · \d\d:\d\d \(saved\) \| .*\(Passed\)|Inconclusive · impl: copyLoop → slice · \d\d:\d\d \(saved\) \| .*\(Skipped\))$/m,
        'test tree',
      );
      await e.shot(page, 'edges-restored');
    },
  );
}

/** Waits until no lens says stale (the verdict still shown); fails with the lenses after `timeoutMs`. */
async function waitForFresh(page: Page, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const lenses = await lensTexts(page);
    if (!lenses.some((t) => /stale$/.test(t)) && lenses.some((t) => VERDICT.test(t))) return;
    if (Date.now() > deadline)
      throw new Error(`still stale after ${timeoutMs} ms: ${JSON.stringify(lenses)}`);
    await page.waitForTimeout(250);
  }
}

async function editMarksStale(e: E2e, page: Page, ws: string): Promise<void> {
  await e.check(
    'edit → stale mark, by content: an edit is stale, the measured text back (checkout, touch) is not, other content is',
    async () => {
      await openResultsFromPicker(page); // beside the editor again: the scenarios run at half width
      await bodyOf(page, 'ABAB order');
      await focusBenchFile(page);
      // Any verdict: at load 8 a check of the run can fail (Inconclusive) — the mark is what is checked here.
      await waitForLens(page, VERDICT, 30_000);
      if ((await lensTexts(page)).some((t) => /stale/.test(t))) throw new Error('stale before any edit');
      const file = join(ws, TS_FILE);
      const original = readFileSync(file, 'utf8');
      await page.keyboard.press('Control+End');
      await page.keyboard.type('\n// an edit after the run\n');
      await waitForLens(page, /stale$/, 15_000);
      await waitForLens(page, VERDICT, 5_000); // the verdict stays, marked
      await e.shot(page, 'edges-stale');
      // The edit undone (code-server may have saved it already), then the file written with the measured text, as
      // a `git checkout` that reverts an edit does: the code is the measured code again, so the results hold.
      await runCommand(page, 'File: Revert File');
      writeFileSync(file, original);
      await waitForFresh(page, 30_000);
      // A touch (or a checkout of the same content) changes the time, not the code.
      const later = new Date(Date.now() + 60_000);
      utimesSync(file, later, later);
      await page.waitForTimeout(3000);
      await waitForFresh(page, 1000);
      // A checkout of other content than the run measured: stale, with the editor never having edited it.
      writeFileSync(file, `${original}// another version, checked out\n`);
      await waitForLens(page, /stale$/, 30_000);
      writeFileSync(file, original);
      await waitForFresh(page, 30_000);
    },
  );
}

const BROKEN = 'broken.bench.ts';

async function syntaxErrorInProblems(e: E2e, page: Page, ws: string): Promise<void> {
  await e.check(
    'syntax error → Problems: the toast names the first error at file:line:col, Problems lists it',
    async () => {
      const file = join(ws, BROKEN);
      writeFileSync(
        file,
        "import { defineSuite } from '@tombstone-lab/bench';\n" +
          "export default defineSuite({ name: 'Broken', benchmarks: { a: () => 1 + } });\n",
      );
      try {
        await openFile(page, BROKEN, file);
        await clearToasts(page);
        await runCommand(page, 'Tombstone Bench: Run Benchmarks in This File');
        const toast = await waitForToast(page, /syntax error/, 120_000);
        expectMatch(toast, /1 syntax error: \S*broken\.bench\.ts:2:\d+ \S.*fix it and run again/, 'toast');
        if (/type error|--no-typecheck/.test(toast)) throw new Error(`toast: ${toast}`);
        await page
          .locator('.notification-toast.notification-fade-in-done')
          .first()
          .waitFor({ timeout: 10_000 });
        await e.shot(page, 'edges-syntax-toast');
        await waitForStatus(page, /run failed — 1 syntax error: \S*broken\.bench\.ts:2:\d+ /, 10_000);
        const rows = await problemRows(page, /syntax error/, 15_000);
        if (!rows.some((r) => /syntax error: .+/.test(r)) || !rows.some((r) => r.includes(BROKEN)))
          throw new Error(`Problems: ${JSON.stringify(rows)}`);
        await e.shot(page, 'edges-problems');
        // Discovery: only the broken file falls back to the syntactic scan, and its Test Explorer item says why.
        const tree = (await testExplorerRows(page, /syntactic scan only/, 30_000)).split('\n');
        const reasonAt = tree.findIndex((r) => /found by a syntactic scan only/.test(r));
        if (reasonAt < 1 || !/^Broken/.test(tree[reasonAt - 1] ?? ''))
          throw new Error(`Test Explorer: no reason under the broken file: ${JSON.stringify(tree)}`);
        if (tree.filter((r) => /syntactic scan only/.test(r)).length !== 1)
          throw new Error(`Test Explorer: a reason on a healthy file: ${JSON.stringify(tree)}`);
        await e.shot(page, 'edges-discovery-reason');
      } finally {
        rmSync(file, { force: true });
      }
    },
  );
}

/** Hides the side bar: the editor and the results view then each take half the window, as the README shows them. */
async function halfAndHalf(page: Page): Promise<void> {
  if (await page.locator('.part.sidebar').isVisible()) await runCommand(page, 'View: Close Primary Side Bar');
  await page.locator('.part.sidebar').waitFor({ state: 'hidden', timeout: 10_000 });
}

/** A verdict lens: ends with the runner's outcome word. */
const VERDICT = /(Won|Lost|Unchanged|Held|Inconclusive|Invalid)$/;

async function readableAtHalfWidth(e: E2e, page: Page): Promise<void> {
  await e.check(
    'half width: every verdict lens in view, the plots unclipped at 9/10 size or more, captions with the Holm p and units',
    async () => {
      await halfAndHalf(page);
      await focusBenchFile(page);
      // The run the scenario before started may still be measuring its second case (CI: `measuring 12/16` beside
      // the first verdict): wait for both verdicts, not the first.
      const deadline = Date.now() + 180_000;
      while ((await lensTexts(page)).filter((t) => VERDICT.test(t)).length < 2 && Date.now() < deadline)
        await page.waitForTimeout(250);
      const lenses = await page.evaluate(() => {
        const editor = document.querySelector('.editor-group-container.active .monaco-editor');
        const box = editor?.getBoundingClientRect();
        const minimap = editor?.querySelector('.minimap')?.getBoundingClientRect();
        const right = minimap && minimap.width > 0 ? minimap.left : (box?.right ?? 0) - 14;
        const items = Array.from(
          editor?.querySelectorAll('.codelens-decoration a, .codelens-decoration span') ?? [],
        );
        return {
          editorWidth: box?.width ?? 0,
          right,
          items: items.map((el) => ({ text: el.textContent ?? '', right: el.getBoundingClientRect().right })),
        };
      });
      const verdicts = lenses.items.filter((l) =>
        /(Won|Lost|Unchanged|Held|Inconclusive|Invalid)$/.test(l.text),
      );
      if (verdicts.length < 2) throw new Error(`verdict lenses: ${JSON.stringify(lenses.items)}`);
      const cut = verdicts.filter((l) => l.right > lenses.right + 1);
      if (cut.length > 0)
        throw new Error(
          `verdict lenses past the editor's visible edge (${Math.round(lenses.right)} px, editor ${Math.round(lenses.editorWidth)} px wide): ` +
            JSON.stringify(cut),
        );
      const frame = await webviewFrame(page, 'ABAB order', 60_000);
      const plots = await frame.evaluate(() =>
        Array.from(document.querySelectorAll('img.plot'), (img) => {
          const el = img as HTMLImageElement;
          const wrap = el.parentElement!;
          const b64 = el.src.split(',')[1] ?? '';
          const svg = new TextDecoder().decode(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)));
          return {
            alt: el.alt,
            natural: el.naturalWidth,
            shown: el.getBoundingClientRect().width,
            overflow: wrap.scrollWidth - wrap.clientWidth,
            view: document.documentElement.clientWidth,
            svg,
          };
        }),
      );
      if (plots.length < 1) throw new Error('no plots in the results view');
      // The time-order strips at (nearly) their own width, not squeezed into a table column.
      const strips = await frame.evaluate(() => {
        const room = document.body.clientWidth;
        return Array.from(document.querySelectorAll('svg.strip'), (el) => ({
          shown: el.getBoundingClientRect().width,
          want: Math.min(420, room),
        }));
      });
      if (strips.length < 2 || strips.some((t) => t.shown < 0.9 * t.want))
        throw new Error(`time-order strips: ${JSON.stringify(strips)}`);
      for (const p of plots) {
        if (p.overflow > 1 || p.shown > p.view)
          throw new Error(`${p.alt}: ${p.shown} px shown in a ${p.view} px view, ${p.overflow} px cut off`);
        if (p.shown < 0.9 * p.natural)
          throw new Error(`${p.alt}: drawn at ${Math.round((100 * p.shown) / p.natural)}% of its size`);
      }
      const dist = plots.find((p) => /distributions/i.test(p.alt));
      if (!dist) throw new Error(`no distribution plot: ${JSON.stringify(plots.map((p) => p.alt))}`);
      const captions = [
        ...dist.svg.matchAll(/<text[^>]*>((?:Won|Lost|Unchanged|Held|Inconclusive) [^<]*)<\/text>/g),
      ].map((m) => m[1]!);
      if (captions.length !== 2 || captions.some((c) => !/ p\(Holm\)=\d[\d.e-]*$/.test(c)))
        throw new Error(`distribution captions: ${JSON.stringify(captions)}`);
      // The table's precision: at most 4 significant digits in Δ and p (the raw p read `p=0.015625`, Δ `-98.3421%`).
      const digits = (x: string) =>
        x
          .replace(/e.*$/, '')
          .replace(/^0\.0*/, '')
          .replace('.', '').length;
      const long = captions.filter((c) =>
        [...c.matchAll(/(\d[\d.]*(?:e-\d+)?)/g)].some((m) => digits(m[1]!) > 4),
      );
      if (long.length > 0) throw new Error(`captions at full precision: ${JSON.stringify(long)}`);
      const ticks = [...dist.svg.matchAll(/data-tick="[^"]*">([^<]*)</g)].map((m) => m[1]!);
      if (ticks.length === 0 || ticks.some((t) => !/ (ns|µs|ms|s)$/.test(t)))
        throw new Error(`tick labels not in the table's units: ${JSON.stringify(ticks)}`);
      await e.shot(page, 'edges-half-width');
    },
  );
}

/** Gutter icons of test states in the active editor: their class names. */
async function gutterTestIcons(page: Page): Promise<string[]> {
  return page
    .locator(
      ['passed', 'failed', 'error', 'skipped']
        .map((st) => `.editor-group-container.active .margin [class*="testing-${st}-icon"]`)
        .join(', '),
    )
    .evaluateAll((els) => els.map((el) => el.className));
}

async function clearClearsEverything(e: E2e, page: Page): Promise<void> {
  await e.check(
    'Clear Results clears every surface: lenses, status bar, Test Explorer states, gutter icons, results view',
    async () => {
      await openResultsFromPicker(page);
      await bodyOf(page, 'ABAB order');
      await focusBenchFile(page);
      await waitForLens(page, VERDICT, 30_000);
      const before = await testExplorerRows(page, /\((Passed|Errored|Failed|Skipped)\)/, 30_000);
      if (!/\((Passed|Errored|Failed|Skipped)\)/.test(before))
        throw new Error(`no test states before: ${before}`);
      await focusBenchFile(page);
      const iconDeadline = Date.now() + 15_000;
      while ((await gutterTestIcons(page)).length === 0 && Date.now() < iconDeadline)
        await page.waitForTimeout(250);
      if ((await gutterTestIcons(page)).length === 0) throw new Error('no gutter icon before Clear Results');
      await runCommand(page, 'Tombstone Bench: Clear Results');
      const deadline = Date.now() + 15_000;
      let lenses = await lensTexts(page);
      while (lenses.some((t) => VERDICT.test(t) || / · \d\d:\d\d/.test(t)) && Date.now() < deadline) {
        await page.waitForTimeout(250);
        lenses = await lensTexts(page);
      }
      if (lenses.some((t) => VERDICT.test(t) || / · \d\d:\d\d/.test(t)))
        throw new Error(`lenses after Clear Results: ${JSON.stringify(lenses)}`);
      if (!lenses.some((t) => /run$/.test(t))) throw new Error(`no run lens left: ${JSON.stringify(lenses)}`);
      const status = await statusText(page);
      if (/Won|Lost|Unchanged|Held|Inconclusive|Invalid|failed/.test(status))
        throw new Error(`status bar after Clear Results: ${status}`);
      for (const f of page.frames()) {
        const shown = await f
          .evaluate(() => document.body?.textContent?.includes('ABAB order') ?? false)
          .catch(() => false);
        if (shown) throw new Error('the results view is still open');
      }
      // The workbench redraws the gutter on its own schedule after the results are cleared.
      const gutterDeadline = Date.now() + 15_000;
      while ((await gutterTestIcons(page)).length > 0 && Date.now() < gutterDeadline)
        await page.waitForTimeout(250);
      const icons = await gutterTestIcons(page);
      if (icons.length > 0) throw new Error(`gutter icons after Clear Results: ${JSON.stringify(icons)}`);
      const after = await testExplorerRows(page, /ListOpsBench/, 15_000);
      if (/\((Passed|Errored|Failed|Skipped)\)/.test(after))
        throw new Error(`Test Explorer states after Clear Results:\n${after}`);
      await e.shot(page, 'edges-cleared');
    },
  );
}

/** Every check of the edges, in order (after the TypeScript project's own checks, in its workbench). */
export async function edgesScenario(e: E2e, page: Page, ws: string): Promise<void> {
  await cancelThenReopen(e, page, ws);
  await viewFollowsNextRun(e, page, ws);
  await readableAtHalfWidth(e, page);
  await reloadRestores(e, page);
  await editMarksStale(e, page, ws);
  await syntaxErrorInProblems(e, page, ws);
  await clearClearsEverything(e, page);
}
