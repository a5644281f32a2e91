/**
 * A real VS Code for the end-to-end test: code-server (installed by install-code-server.sh into a folder of its
 * own) with a fresh profile, the packaged .vsix installed into it, served on a free local port.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { headlessChromium } from '../../../scripts/headless-chromium.mjs';

/** A running code-server. */
export interface CodeServer {
  url: string;
  /** The profile folder: rewrite its User/settings.json (see {@link writeSettings}) to change settings live. */
  userDataDir: string;
  process: ChildProcess;
  stop(): void;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/** Quiet user settings: no start page, no update checks, telemetry and git off, plus the test's own. */
export function writeSettings(userDataDir: string, extra: Record<string, unknown>): void {
  mkdirSync(join(userDataDir, 'User'), { recursive: true });
  const settings = {
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'workbench.enableExperiments': false,
    'extensions.autoCheckUpdates': false,
    'extensions.autoUpdate': false,
    'telemetry.telemetryLevel': 'off',
    'git.enabled': false,
    'security.workspace.trust.enabled': false,
    'window.commandCenter': false,
    'chat.commandCenter.enabled': false,
    'workbench.colorTheme': 'Default Dark Modern',
    ...extra,
  };
  writeFileSync(join(userDataDir, 'User', 'settings.json'), JSON.stringify(settings, null, 2));
}

/** Starts code-server with `vsix` installed and waits until it answers. */
export async function startCodeServer(opts: {
  bin: string;
  scratch: string;
  vsix: string;
  settings: Record<string, unknown>;
  log: (line: string) => void;
  /** Ask whether to trust each folder (workspace trust on), so a test can open one in restricted mode. */
  trust?: boolean;
}): Promise<CodeServer> {
  const ud = join(opts.scratch, 'ud');
  const exts = join(opts.scratch, 'exts');
  const xdg = join(opts.scratch, 'xdg');
  mkdirSync(xdg, { recursive: true });
  const env = { ...process.env, XDG_CONFIG_HOME: xdg, XDG_DATA_HOME: xdg };
  writeSettings(ud, {
    ...(opts.trust ? { 'security.workspace.trust.enabled': true } : {}),
    ...opts.settings,
  });
  const dirs = ['--user-data-dir', ud, '--extensions-dir', exts];
  execFileSync(opts.bin, [...dirs, '--install-extension', opts.vsix], { env, stdio: 'pipe' });
  const port = await freePort();
  const child = spawn(
    opts.bin,
    [
      ...dirs,
      '--bind-addr',
      `127.0.0.1:${port}`,
      '--auth',
      'none',
      '--disable-telemetry',
      '--disable-update-check',
      ...(opts.trust ? [] : ['--disable-workspace-trust']),
      '--disable-getting-started-override',
      '--ignore-last-opened',
    ],
    { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (d: Buffer) => opts.log(d.toString().trimEnd()));
  child.stderr?.on('data', (d: Buffer) => opts.log(d.toString().trimEnd()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('code-server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    userDataDir: ud,
    process: child,
    stop: () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    },
  };
}

/** Debian's Chromium, headless, with the flags that held here (see vscode-e2e-notes.md). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch(headlessChromium());
}

/** A page with the workbench loaded on `folder`. */
export async function openWorkbench(
  browser: Browser,
  server: CodeServer,
  folder: string,
  viewport: { width: number; height: number },
): Promise<Page> {
  const page = await browser.newPage({ viewport });
  // Generous: on a loaded machine (load 25 on 2 cores) the first workbench load took over 30 s.
  await page.goto(`${server.url}/?folder=${encodeURIComponent(folder)}`, {
    timeout: 180_000,
    waitUntil: 'domcontentloaded',
  });
  await page.locator('.monaco-workbench').waitFor({ timeout: 180_000 });
  return page;
}
