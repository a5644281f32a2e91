/** The e2e's checks: each prints `e2e ok: <name>` or `e2e FAILED: <name>: <why>`, which CI counts. */
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/** What every scenario gets. */
export interface E2e {
  out: string;
  /** Where the README's screenshots go (apps/vscode/docs when asked), else the out folder. */
  docs: string;
  check(name: string, fn: () => Promise<void>): Promise<boolean>;
  shot(page: Page, name: string): Promise<void>;
  /** Screenshots and notifications of a failing check are saved from this page. */
  watch(page: Page): void;
}

/** Checks passed and failed so far. */
export const tally = { passed: 0, failed: 0 };

/** The check runner: `e2e ok:` / `e2e FAILED:` lines, a screenshot of each failure. */
export function harness(out: string, docs: string): E2e {
  let current: Page | null = null;
  const shot = async (page: Page, name: string) => {
    await page.screenshot({ path: join(out, `${name}.png`) });
  };
  return {
    out,
    docs,
    shot,
    watch: (page) => {
      current = page;
    },
    check: async (name, fn) => {
      const t0 = Date.now();
      try {
        await fn();
        tally.passed++;
        console.log(`e2e ok: ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
        return true;
      } catch (e) {
        tally.failed++;
        console.log(`e2e FAILED: ${name}: ${(e as Error).message.split('\n').slice(0, 6).join('\n  ')}`);
        if (current) {
          await shot(current, `failed-${name.replace(/\W+/g, '-').slice(0, 40)}`).catch(() => undefined);
          const toasts = await current
            .locator('.notification-toast')
            .allInnerTexts()
            .catch(() => []);
          if (toasts.length) console.log(`  notifications: ${JSON.stringify(toasts)}`);
        }
        return false;
      }
    },
  };
}

/** Fails with `what` and the text when `re` does not match. */
export function expectMatch(text: string, re: RegExp, what: string): void {
  if (!re.test(text)) throw new Error(`${what} ${JSON.stringify(text.slice(0, 600))} does not match ${re}`);
}
