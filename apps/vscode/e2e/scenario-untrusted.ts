/**
 * An untrusted folder in the light theme: the run commands are hidden, a saved results file opens read-only (the
 * extension's bundled engine reads it; nothing of the workspace runs), its verdicts show on the lenses, and the
 * lens text stays readable on the light background.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { openWorkbench, startCodeServer } from './code-server.js';
import { type E2e, expectMatch } from './harness.js';
import { BASE_SETTINGS } from './scenario-ts.js';
import { openFile, openResultsFromPicker, waitForLens, webviewFrame } from './workbench.js';
import { TS_FILE } from './workspaces.js';

const QUICK_INPUT = '.quick-input-widget .quick-input-box input';

/** WCAG contrast ratio of two CSS colours (`rgb(…)`/`rgba(…)`). */
function contrast(a: string, b: string): number {
  const lum = (css: string) => {
    const [r, g, bl] = (css.match(/[\d.]+/g) ?? ['0', '0', '0']).slice(0, 3).map((x) => {
      const c = Number(x) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

async function restricted(page: Page): Promise<void> {
  // A trust prompt, when code-server asks: stay in restricted mode. It may open the folder restricted directly.
  const no = page.getByRole('button', { name: /No, I don.t trust the authors/ });
  // The prompt came after 10 s at load 30 (and not within 30 s in another run).
  if (
    await no.waitFor({ timeout: 45_000 }).then(
      () => true,
      () => false,
    )
  )
    await no.click();
  await page.locator('.statusbar-item', { hasText: 'Restricted Mode' }).first().waitFor({ timeout: 30_000 });
}

async function paletteHas(page: Page, title: string): Promise<boolean> {
  await page.keyboard.press('F1');
  const input = page.locator(QUICK_INPUT);
  await input.waitFor({ state: 'visible' });
  await input.fill(`>${title}`);
  await page.waitForTimeout(800);
  const found = await page.locator('.quick-input-list .monaco-list-row', { hasText: title }).count();
  await page.keyboard.press('Escape');
  return found > 0;
}

async function checks(e: E2e, page: Page): Promise<void> {
  await e.check('untrusted: run commands hidden, a saved results file opens read-only', async () => {
    await restricted(page);
    for (const t of [
      'Tombstone Bench: Run Benchmarks in This File',
      'Tombstone Bench: Compare Against Git Ref…',
    ])
      if (await paletteHas(page, t))
        throw new Error(`the palette offers ${JSON.stringify(t)} in an untrusted folder`);
    await openFile(page, TS_FILE);
    await openResultsFromPicker(page);
    const frame = await webviewFrame(page, 'Benchmark results', 30_000);
    const body = await frame.evaluate(() => document.body.textContent ?? '');
    expectMatch(
      body,
      /ListOpsBench\.copy\[size=256\][\s\S]*Won[\s\S]*plots need a trusted workspace/,
      'webview',
    );
    await waitForLens(page, /Won$/, 15_000);
  });
  await e.check('untrusted: a cancelled run reopened reads "not measured", never Invalid', async () => {
    await openResultsFromPicker(page, /interrupted/);
    const frame = await webviewFrame(page, 'Interrupted run', 30_000);
    const body = await frame.evaluate(() => document.body.textContent ?? '');
    expectMatch(body, /not measured \(cancelled at \d+\/\d+\)/, 'webview');
    if (/Invalid/.test(body)) throw new Error(`the results view says Invalid: ${body.slice(0, 400)}`);
    await waitForLens(page, /not measured \(cancelled at \d+\/\d+\)/, 15_000);
    await e.shot(page, 'untrusted-cancelled');
  });
  await e.check('light theme: lens text readable on the editor background', async () => {
    const colors = await page.evaluate(() => {
      const lens = document.querySelector('.codelens-decoration a, .codelens-decoration span');
      const editor = document.querySelector('.monaco-editor .monaco-editor-background, .monaco-editor');
      return {
        lens: lens ? getComputedStyle(lens).color : '',
        bg: editor ? getComputedStyle(editor).backgroundColor : '',
      };
    });
    const ratio = contrast(colors.lens, colors.bg);
    if (!(ratio >= 3))
      throw new Error(`lens ${colors.lens} on ${colors.bg}: contrast ${ratio.toFixed(2)} < 3`);
    await e.shot(page, 'light-theme');
  });
}

/** Opens `ws` (which holds saved results) untrusted, in the light theme, on a code-server of its own. */
export async function untrustedScenario(
  e: E2e,
  browser: Browser,
  o: { bin: string; vsix: string; scratch: string; ws: string; log: string[] },
): Promise<void> {
  const server = await startCodeServer({
    bin: o.bin,
    scratch: join(o.scratch, 'untrusted'),
    vsix: o.vsix,
    trust: true,
    settings: { ...BASE_SETTINGS, 'workbench.colorTheme': 'Default Light Modern' },
    log: (l) => o.log.push(l),
  });
  try {
    const page = await openWorkbench(browser, server, o.ws, { width: 1400, height: 900 });
    e.watch(page);
    await checks(e, page);
  } finally {
    server.stop();
  }
}
