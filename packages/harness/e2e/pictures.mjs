#!/usr/bin/env node
/**
 * End-to-end check of the harness's pictures in a real browser (Debian's Chromium driven by playwright-core, as the
 * VS Code extension's e2e does): runs the built CLI as a user would — `stress … --html` and, unless --stress-only,
 * `case range-merges --quick` — then opens each HTML report in headless Chromium in the light and the dark scheme and
 * checks that every picture is there with a title, axis titles, tick labels and a legend, that no text sticks out
 * of its picture, and that each picture's screenshot is not blank. Prints `pictures ok: <check>` /
 * `pictures FAILED: <check>` per check (CI counts them) and saves the screenshots to --out.
 *
 * Usage: node e2e/pictures.mjs --out DIR [--stress-only] [--samples N]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH, headlessChromium } from '../../../scripts/headless-chromium.mjs';

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    'stress-only': { type: 'boolean' },
    samples: { type: 'string' },
  },
});
if (!values.out) {
  console.error('pictures: --out DIR is required');
  process.exit(2);
}
const OUT = resolve(values.out);
const CLI = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'cli.js');
const CHROMIUM = CHROMIUM_PATH;
const WORK = mkdtempSync(join(tmpdir(), 'harness-pictures-'));
mkdirSync(OUT, { recursive: true });

let failed = 0;
async function check(name, fn) {
  try {
    const detail = await fn();
    console.log(`pictures ok: ${name}${detail ? ` (${detail})` : ''}`);
  } catch (e) {
    failed++;
    console.log(
      `pictures FAILED: ${name}: ${String(e?.message ?? e)
        .split('\n')
        .slice(0, 6)
        .join('\n  ')}`,
    );
  }
}

/** Runs the built CLI in the scratch folder with an argument array (no shell). */
function cli(args) {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd: WORK,
    encoding: 'utf8',
    timeout: 30 * 60_000,
  });
  if (r.status !== 0)
    throw new Error(`tombstone-harness ${args.join(' ')}: exit ${r.status}\n${r.stderr.slice(-2000)}`);
  return r.stdout;
}

/** What the page shows, measured by the browser: per SVG its title, texts and any text outside its box. */
function inspect() {
  return [...document.querySelectorAll('figure > svg')].map((svg) => {
    const box = svg.getBoundingClientRect();
    const texts = [...svg.querySelectorAll('text')];
    const outside = texts
      .filter((t) => {
        const r = t.getBoundingClientRect();
        return (
          r.width > 0 &&
          (r.left < box.left - 1 ||
            r.right > box.right + 1 ||
            r.top < box.top - 1 ||
            r.bottom > box.bottom + 1)
        );
      })
      .map((t) => t.textContent);
    return {
      title: svg.querySelector('title')?.textContent ?? '',
      texts: texts.map((t) => t.textContent ?? ''),
      ticks: svg.querySelectorAll('text[data-tick]').length,
      marks: svg.querySelectorAll('path[data-series], circle[data-series], rect[data-series]').length,
      outside,
      width: box.width,
      height: box.height,
    };
  });
}

/** Share of pixels of a PNG (base64) that differ from its corner pixel, counted in the browser's canvas. */
async function inkShare(page, png) {
  return page.evaluate(async (data) => {
    const img = new Image();
    img.src = `data:image/png;base64,${data}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.width;
    canvas.height = img.height;
    const ctx = canvas.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const px = ctx.getImageData(0, 0, img.width, img.height).data;
    let ink = 0;
    for (let i = 0; i < px.length; i += 4) {
      const d = Math.abs(px[i] - px[0]) + Math.abs(px[i + 1] - px[1]) + Math.abs(px[i + 2] - px[2]);
      if (d > 48) ink++;
    }
    return ink / (px.length / 4);
  }, png.toString('base64'));
}

/** Opens one report in one scheme and checks every picture on it. */
async function checkReport(browser, name, file, expected, scheme) {
  await check(`${name} (${scheme})`, async () => {
    const page = await browser.newPage({ viewport: { width: 900, height: 900 }, colorScheme: scheme });
    try {
      await page.goto(`file://${file}`);
      const figures = await page.evaluate(inspect);
      if (figures.length !== expected.length)
        throw new Error(`${figures.length} pictures, expected ${expected.length}`);
      const inks = [];
      for (const [i, f] of figures.entries()) {
        const want = expected[i];
        if (!f.title.startsWith(want.title))
          throw new Error(`picture ${i + 1} is titled "${f.title}", expected "${want.title}…"`);
        for (const t of want.texts)
          if (!f.texts.includes(t))
            throw new Error(`"${f.title}" lacks the text "${t}" (axis title or legend)`);
        if (f.ticks < 4) throw new Error(`"${f.title}" has ${f.ticks} tick labels`);
        if (f.marks < 2) throw new Error(`"${f.title}" draws ${f.marks} data marks`);
        if (f.outside.length > 0)
          throw new Error(`"${f.title}": text outside the picture: ${f.outside.join(' | ')}`);
        const png = await page.locator('figure > svg').nth(i).screenshot();
        const ink = await inkShare(page, png);
        if (!(ink > 0.02))
          throw new Error(`"${f.title}": the screenshot is blank (${(ink * 100).toFixed(2)}% ink)`);
        inks.push(`${(ink * 100).toFixed(1)}%`);
      }
      await page.screenshot({ path: join(OUT, `${name}-${scheme}.png`), fullPage: true });
      return `${figures.length} pictures, ink ${inks.join(' ')}`;
    } finally {
      await page.close();
    }
  });
}

const STRESS = [
  {
    title: 'Latency over time',
    texts: [
      'time since start (s)',
      'max latency, from intended start',
      'max service time (from actual start)',
    ],
  },
  {
    title: 'Throughput over time',
    texts: ['time since start (s)', 'throughput (op/s)', 'completed ops per second'],
  },
  {
    title: 'Latency percentile distribution per op kind',
    texts: ['99%', 'percentile (log scale of 1/(1 − p))'],
  },
];
const axisTexts = ['N (range deletes per partition, log scale)'];
const CASE = [
  {
    title: 'range-merges: CPU time per op against N (random arrival)',
    texts: [...axisTexts, 'CPU time per op (ms, log scale)'],
  },
  {
    title: 'range-merges: allocated bytes per op against N (random arrival)',
    texts: [...axisTexts, 'allocated bytes per op (log scale)'],
  },
  {
    title: 'range-merges: CPU time per op against N (tail arrival)',
    texts: [...axisTexts, 'CPU time per op (ms, log scale)'],
  },
  {
    title: 'range-merges: allocated bytes per op against N (tail arrival)',
    texts: [...axisTexts, 'allocated bytes per op (log scale)'],
  },
];

let browser;
try {
  const reports = [];
  await check('stress --html writes a report', () => {
    const file = join(WORK, 'stress.html');
    cli([
      'stress',
      '--spec',
      'mixed',
      '--seed',
      '42',
      '--duration',
      '2s',
      '--rate',
      '2000',
      '--html',
      file,
      '--hdr-log',
      join(WORK, 's.hlog'),
    ]);
    if (!existsSync(file)) throw new Error('no report.html');
    reports.push(['stress', file, STRESS]);
  });
  if (!values['stress-only'])
    await check('case range-merges --quick writes its pictures', () => {
      const out = join(WORK, 'case');
      cli(['case', 'range-merges', '--quick', '--samples', values.samples ?? '2', '--out', out]);
      reports.push(['case-range-merges', join(out, 'report.html'), CASE]);
    });
  await check('chromium starts', async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`no browser at ${CHROMIUM} (apt-get install chromium)`);
    browser = await chromium.launch(headlessChromium(CHROMIUM));
  });
  if (browser)
    for (const [name, file, expected] of reports)
      for (const scheme of ['light', 'dark']) await checkReport(browser, name, file, expected, scheme);
} finally {
  await browser?.close();
  rmSync(WORK, { recursive: true, force: true });
}
process.exit(failed > 0 ? 1 : 0);
