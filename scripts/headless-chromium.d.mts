/** The browser CI installs (`apt-get install chromium`); `CHROMIUM` overrides it. */
export declare const CHROMIUM_PATH: string;
/** Launch options for Playwright's `chromium.launch()`: headless Chromium at `executablePath`. */
export declare function headlessChromium(executablePath?: string): {
  executablePath: string;
  headless: true;
  args: string[];
};
