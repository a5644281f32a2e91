/** Driving the VS Code workbench in Chromium: palette, quick open, lenses, decorations, hovers. */
import type { Frame, Page } from 'playwright-core';

const QUICK_INPUT = '.quick-input-widget .quick-input-box input';

/** Runs a command by its palette title (`Tombstone Bench: Run Benchmarks in This File`). */
export async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('F1');
  const input = page.locator(QUICK_INPUT);
  await input.waitFor({ state: 'visible' });
  await input.fill(`>${title}`);
  const row = page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first();
  await row.waitFor({ state: 'visible', timeout: 30_000 });
  await page.keyboard.press('Enter');
}

/**
 * Opens a workspace file by name through quick open; `typed` (an absolute path) finds a file quick open's search has
 * not indexed yet (a file written during the test was not offered within 60 s at load 19).
 */
export async function openFile(page: Page, name: string, typed = name): Promise<void> {
  await page.keyboard.press('Control+P');
  const input = page.locator(QUICK_INPUT);
  await input.waitFor({ state: 'visible' });
  await input.fill(typed);
  await page
    .locator('.quick-input-list .monaco-list-row', { hasText: name })
    .first()
    .waitFor({ timeout: 60_000 }); // file search is slow on a loaded machine
  await page.keyboard.press('Enter');
  await page
    .locator(`.tab.active[data-resource-name="${name}"], .tab.active:has-text("${name}")`)
    .first()
    .waitFor();
}

/** Texts of every CodeLens in the active editor. */
export async function lensTexts(page: Page): Promise<string[]> {
  return page.locator('.codelens-decoration a, .codelens-decoration span').allTextContents();
}

/** Records every lens text shown until `stop()` (progress lenses can come and go between two polls). */
export function watchLenses(page: Page): { seen: Set<string>; stop: () => void } {
  const seen = new Set<string>();
  let on = true;
  void (async () => {
    while (on) {
      for (const t of await lensTexts(page).catch(() => [])) seen.add(t);
      await page.waitForTimeout(100).catch(() => undefined);
    }
  })();
  return {
    seen,
    stop: () => {
      on = false;
    },
  };
}

/** Waits until some lens matches `re`; returns its text. */
export async function waitForLens(page: Page, re: RegExp, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const hit = (await lensTexts(page)).find((t) => re.test(t));
    if (hit) return hit;
    if (Date.now() > deadline)
      throw new Error(
        `no CodeLens matched ${re} in ${timeoutMs} ms; lenses: ${JSON.stringify(await lensTexts(page))}`,
      );
    await page.waitForTimeout(250);
  }
}

/** Texts drawn after lines by decorations (CSS `::after`, invisible to text locators). */
export async function afterLineTexts(page: Page): Promise<string[]> {
  return page.$$eval('.view-lines span[class*="ced-"]', (els) =>
    els
      .map((el) => getComputedStyle(el, '::after').content)
      .filter((c) => c && c !== 'none' && c !== 'normal'),
  );
}

/**
 * Hovers the first occurrence of `word` in the editor (on the first line matching `line`, when given) and returns
 * the hover's text.
 */
export async function hoverWord(page: Page, word: string, line?: RegExp): Promise<string> {
  const lines = line
    ? page.locator('.view-lines .view-line', { hasText: line })
    : page.locator('.view-lines');
  const span = lines
    .first()
    .locator('span span', { hasText: new RegExp(`^\\s*${word}$`) })
    .first();
  await span.hover();
  const hover = page
    .locator('.monaco-hover:not(.hidden) .monaco-hover-content, .monaco-hover .hover-contents')
    .first();
  await hover.waitFor({ state: 'visible', timeout: 10_000 });
  return ((await hover.textContent()) ?? '').trim();
}

/** The frame of a webview whose document contains `text`. */
export async function webviewFrame(page: Page, text: string, timeoutMs: number): Promise<Frame> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const f of page.frames()) {
      const has = await f
        .evaluate((t) => document.body?.textContent?.includes(t) ?? false, text)
        .catch(() => false);
      if (has) return f;
    }
    if (Date.now() > deadline)
      throw new Error(`no webview showed ${JSON.stringify(text)} in ${timeoutMs} ms`);
    await page.waitForTimeout(300);
  }
}

/** One text per editor line with CodeLenses: all of that line's lenses (`run | vs HEAD~1 · 14:03 | …`). */
export async function lensRows(page: Page): Promise<string[]> {
  return page
    .locator('.codelens-decoration')
    .evaluateAll((els) => els.map((e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim()));
}

/**
 * Lens rows once `ready` holds of them, or the last rows read after `timeoutMs`: VS Code asks the provider for
 * lenses again on its own schedule after `onDidChangeCodeLenses`, so the status bar can show a run before its lenses.
 */
export async function waitForLensRows(
  page: Page,
  ready: (rows: string[]) => boolean,
  timeoutMs: number,
): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await lensRows(page);
    if (ready(rows) || Date.now() > deadline) return rows;
    await page.waitForTimeout(200);
  }
}

/** The Tombstone Bench status bar item's text ('' when hidden). */
export async function statusText(page: Page): Promise<string> {
  const item = page.locator('.statusbar-item', { hasText: /^\s*bench[ :]/ }).first();
  if ((await item.count()) === 0) return '';
  return ((await item.textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

/** Waits until the status bar item matches `re`; returns its text. */
export async function waitForStatus(page: Page, re: RegExp, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const t = await statusText(page);
    if (re.test(t)) return t;
    if (Date.now() > deadline)
      throw new Error(`status bar ${JSON.stringify(t)} did not match ${re} in ${timeoutMs} ms`);
    await page.waitForTimeout(100);
  }
}

/** Texts of the notifications on screen. */
export async function toastTexts(page: Page): Promise<string[]> {
  return page.locator('.notification-toast').allInnerTexts();
}

/** Waits until a notification matches `re`; returns its text. */
export async function waitForToast(page: Page, re: RegExp, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const hit = (await toastTexts(page)).find((t) => re.test(t));
    if (hit) return hit;
    if (Date.now() > deadline)
      throw new Error(
        `no notification matched ${re} in ${timeoutMs} ms: ${JSON.stringify(await toastTexts(page))}`,
      );
    await page.waitForTimeout(150);
  }
}

/** Closes every notification. */
export async function clearToasts(page: Page): Promise<void> {
  await runCommand(page, 'Notifications: Clear All Notifications').catch(() => undefined);
}

/** The Test Explorer's rows, expanded, as `label description | aria-label` lines. */
export async function testExplorerRows(page: Page, until: RegExp, timeoutMs: number): Promise<string> {
  await runCommand(page, 'Testing: Focus on Test Explorer View');
  await page.locator('.test-explorer .monaco-list').waitFor({ timeout: 10_000 });
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
  const deadline = Date.now() + timeoutMs;
  let text = await rows();
  while (!until.test(text) && Date.now() < deadline) {
    for (const row of await page.locator('.test-explorer .monaco-list-row[aria-expanded="false"]').all())
      await row.click({ timeout: 2000 }).catch(() => undefined);
    await page.waitForTimeout(400);
    text = await rows();
  }
  return text;
}

/**
 * Open Results from the palette: a picker of the saved runs, newest first; picks the first row matching `row`
 * (default: the newest, the first row).
 */
export async function openResultsFromPicker(page: Page, row: RegExp = /benchmark/): Promise<void> {
  await runCommand(page, 'Tombstone Bench: Open Results');
  const hit = page.locator('.quick-input-list .monaco-list-row', { hasText: row }).first();
  await hit.waitFor({ timeout: 60_000 }); // the workspace search behind the picker took over 15 s at load 19
  await hit.click();
}

/** The Problems panel's rows (Ctrl+Shift+M opens it). */
export async function problemRows(page: Page, until: RegExp, timeoutMs: number): Promise<string[]> {
  await page.keyboard.press('Control+Shift+M');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await page
      .locator('.markers-panel .monaco-list-row')
      .evaluateAll((els) => els.map((e) => (e.textContent ?? '').replace(/\s+/g, ' ').trim()));
    if (rows.some((r) => until.test(r)) || Date.now() > deadline) return rows;
    await page.waitForTimeout(300);
  }
}
