/**
 * The README's screenshots, from a real run: the packaged extension in code-server on a real workspace folder
 * (default `packages/core`), the compare command from the palette on one of its bench files, then the lenses, the
 * hover and the results view saved as PNGs.
 *
 * Usage: node dist/e2e/docs.cjs --code-server <bin> --vsix <file> --workspace <dir> --file <name.bench.ts>
 *          --hover <benchmark name> --out <dir>
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { launchChromium, openWorkbench, startCodeServer } from './code-server.js';
import { hoverWord, openFile, runCommand, waitForLens, webviewFrame } from './workbench.js';

const { values } = parseArgs({
  options: {
    'code-server': { type: 'string' },
    vsix: { type: 'string' },
    workspace: { type: 'string' },
    file: { type: 'string' },
    hover: { type: 'string' },
    out: { type: 'string' },
  },
});
const need = (name: keyof typeof values) => {
  const v = values[name];
  if (typeof v !== 'string' || v === '') throw new Error(`--${name} is required`);
  return v;
};

async function main(): Promise<void> {
  const out = resolve(need('out'));
  mkdirSync(out, { recursive: true });
  const scratch = mkdtempSync(join(tmpdir(), 'tb-docs-'));
  const server = await startCodeServer({
    bin: resolve(need('code-server')),
    scratch,
    vsix: resolve(need('vsix')),
    settings: { 'tombstoneBench.metric': 'cpuNsPerOp', 'editor.fontSize': 13 },
    log: () => {},
  });
  const browser = await launchChromium();
  try {
    const page = await openWorkbench(browser, server, resolve(need('workspace')), {
      width: 1500,
      height: 860,
    });
    const file = need('file');
    await openFile(page, file);
    await waitForLens(page, /run$/, 60_000);
    const t0 = Date.now();
    await runCommand(page, 'Tombstone Bench: Run Benchmarks in This File');
    await page
      .locator('.notification-toast', { hasText: 'Tombstone Bench' })
      .first()
      .waitFor({ timeout: 30_000 });
    await page.waitForTimeout(8000);
    await page.screenshot({ path: join(out, 'progress.png') });
    const won = await waitForLens(page, /Won$/, 30 * 60_000);
    console.log(`verdict after ${((Date.now() - t0) / 1000).toFixed(0)} s: ${won}`);
    await page
      .locator('.statusbar-item', { hasText: / Won · / })
      .first()
      .waitFor({ timeout: 15 * 60_000 });
    await page.waitForTimeout(1500);
    console.log(`lenses: ${JSON.stringify(await page.locator('.codelens-decoration').allTextContents())}`);
    await page.screenshot({ path: join(out, 'lenses.png') });
    const hover = await hoverWord(page, need('hover'));
    console.log(`hover: ${hover.slice(0, 300)}`);
    await page.waitForTimeout(500);
    await page.screenshot({ path: join(out, 'hover.png') });
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+B'); // the results view gets the width
    await runCommand(page, 'Tombstone Bench: Open Results');
    await webviewFrame(page, 'ABAB order', 60_000);
    await page.waitForTimeout(1000);
    await page.screenshot({ path: join(out, 'results-view.png') });
  } finally {
    await browser.close();
    server.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error((e as Error).stack ?? e);
    process.exit(1);
  },
);
