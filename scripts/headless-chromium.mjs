// How every browser check in this repository starts Debian's Chromium (the harness's report pictures and the VS Code
// extension's e2e). One place, because the flags are the ones that held on these machines (see
// ../shared/docs/vscode-e2e-notes.md): without --no-sandbox Chromium cannot start as root in a container, and the
// network/update/sync flags keep a headless run from reaching out while it is being timed.

/** The browser CI installs (`apt-get install chromium`); `CHROMIUM` overrides it. */
// biome-ignore lint/suspicious/noUndeclaredEnvVars: read by e2e scripts that turbo never runs or caches
export const CHROMIUM_PATH = process.env.CHROMIUM ?? '/usr/bin/chromium';

/** Launch options for Playwright's `chromium.launch()`: headless Chromium at `executablePath`. */
export function headlessChromium(executablePath = CHROMIUM_PATH) {
  return {
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  };
}
