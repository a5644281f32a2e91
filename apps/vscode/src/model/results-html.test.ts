import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseRunReport } from '@tombstone-lab/bench/protocol';
import { describe, expect, it } from 'vitest';
import { compareHtml } from './compare-html.js';
import type { ResultsDocument } from './protocol.js';
import { reportAnalysisArgs } from './report-options.js';
import { escapeHtml, plotMinWidth, resultsHtml, timeOrderSvg } from './results-html.js';
import { compareSavedFiles, resultsDocument } from './saved-results.js';
import { around, interleaved, noisy, paired, record, runOf } from './test-fixtures.js';

const run = (center: number) => runOf([record('S.a<b>', interleaved(around(100), around(center)))]);

/** The results document the runner writes for a run whose candidate sits at `center` (baseline 100). */
function doc(center: number): ResultsDocument {
  return resultsDocument(run(center));
}

describe('results view', () => {
  it('draws the samples in time order, alternating sides', () => {
    const svg = timeOrderSvg(doc(50).benchmarks[0]!, 'nsPerOp');
    const sides = [...svg.matchAll(/data-side="(\w+)" data-seq="(\d+)"/g)].map((m) => `${m[2]}${m[1]![0]}`);
    expect(sides.slice(0, 4)).toEqual(['0b', '1c', '2b', '3c']);
    expect(sides).toHaveLength(20);
  });
  it('draws the time-order strips under the table, not squeezed into a column of it', () => {
    const html = resultsHtml(doc(50), { title: 't', file: 'r.json', plots: [], cspSource: 'c' });
    const table = html.slice(html.indexOf('<table class="verdicts">'), html.indexOf('</table>'));
    expect(table).not.toContain('<svg class="strip"');
    const after = html.slice(html.indexOf('</table>'));
    expect(after).toContain('<h3>Samples in time order (ABAB order)</h3>');
    expect(after).toMatch(
      /<div class="strip-row"><div class="key">S\.<wbr>a&#60;b&#62;<\/div><svg class="strip"/,
    );
  });
  it('shrinks a plot to 3/4 of its own width at most (its 11 px text stays above 8 px), then it scrolls', () => {
    expect(
      plotMinWidth({ name: 'd.svg', svg: '<svg xmlns="x" class="tl-svg" width="960" height="200">' }),
    ).toBe(' style="min-width: 720px"');
    expect(plotMinWidth({ name: 'd.svg', svg: '<svg><title>t</title></svg>' })).toBe('');
  });
  it('renders the verdict table escaped, the plots as images, no scripts', () => {
    const svg = '<svg><title>S.a: samples per side (ns/op)</title></svg>';
    const html = resultsHtml(doc(50), {
      title: 'vs HEAD~1 · 14:03',
      file: '.tombstone-bench/r.json',
      plots: [{ name: 'distributions.svg', svg }],
      runs: [
        { tag: 'vs HEAD~1 · 14:03', status: 'finished', file: '/r2.json', current: true },
        { tag: 'impl: eager → cow · 13:50', status: 'finished', file: '/r1.json', current: false },
      ],
      cspSource: 'vscode-resource:',
    });
    expect(html).toContain('<h2>Benchmark results · vs HEAD~1 · 14:03</h2>');
    // Plots are titled by what they show, not by their file name.
    expect(html).toContain('<h3>S.a: samples per side (ns/op)</h3>');
    expect(html).not.toContain('distributions.svg');
    expect(html).toContain(`command:tombstoneBench.openResults?${encodeURIComponent('["/r1.json"]')}`);
    // One p, named; both medians in one unit.
    expect(html).toContain('<th>p (Holm)</th>');
    // The pair wraps after its arrow only (a view half the editor wide had the table 100 px too wide).
    expect(html).toMatch(
      /<td class="num pair"><span class="nw">[\d.]+ →<\/span> <span class="nw">[\d.]+ ns<\/span><\/td>/,
    );
    expect(html).toContain('@media (max-width: 640px)');
    expect(html).toContain('<td class="key">S.<wbr>a&#60;b&#62;</td>');
    expect(html).toMatch(
      /<td class="outcome" title="improvement: [^"]*\ndesign: one side per fork">Won<\/td>/,
    );
    expect(html).toContain('−50.0%');
    expect(html).toContain(`src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}"`);
    expect(html).toContain("default-src 'none'");
    expect(html).not.toContain('<script');
    expect(escapeHtml(`"'&`)).toBe('&#34;&#39;&#38;');
  });
  it("shows the runner's comparison of two saved runs, flagged as not co-measured", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tb-cmp-'));
    writeFileSync(join(dir, 'old.json'), JSON.stringify(run(50)));
    writeFileSync(join(dir, 'new.json'), JSON.stringify(run(75)));
    const c = compareSavedFiles(join(dir, 'old.json'), join(dir, 'new.json'));
    expect(c.verdicts).toEqual([expect.objectContaining({ key: 'S.a<b>', outcome: 'Lost' })]);
    expect(parseRunReport(JSON.stringify(c))).toEqual(c);
    const html = compareHtml(c, ['old.json', 'new.json']);
    expect(html).toContain('Not co-measured');
    expect(html).toContain('<td>S.a&#60;b&#62;</td>');
    expect(html).toMatch(/\+50\.\d%/);
    expect(() => compareSavedFiles(join(dir, 'old.json'), join(dir, 'none.json'))).toThrow(/none\.json/);
  });
  it('shows Inconclusive where the interval does not show Held, with what would resolve it as the title and under the table', () => {
    const d = resultsDocument(
      runOf([
        record('S.guard', interleaved(noisy(), noisy().reverse()), 'guardrail'),
        record('S.main', interleaved(around(100), around(100.1))),
      ]),
    );
    const html = resultsHtml(d, { title: 't', file: 'f', plots: [], cspSource: 'vscode-resource:' });
    const note =
      'its interval [-2%, +2.04%] reaches past +2%, so Held is not shown; about 11 samples per side (-n 11) would resolve it';
    expect(html).toContain(
      `<td class="outcome" title="${note} (the statistics alone read Held: p 1 ≥ 0.05, 0% within ±2%)\n` +
        'design: one side per fork">Inconclusive</td>',
    );
    expect(html).toMatch(/<td class="outcome" title="[^"]*\ndesign: one side per fork">Unchanged<\/td>/);
    expect(html).toContain(`<ul class="unresolved"><li><b>S.<wbr>guard</b> Inconclusive: ${note}</li></ul>`);
    expect(html).toContain('<p class="footnote design">design: one side per fork, every benchmark</p>');
    expect(html).not.toContain('†');
    // Nothing unresolved: no list.
    expect(resultsHtml(doc(50), { title: 't', file: 'f', plots: [], cspSource: 'x' })).not.toContain(
      '<ul class="unresolved">',
    );
  });
  it('names the design of each benchmark: paired forks, and one that fell back with the reason', () => {
    const fell = {
      ...record('S.fell', interleaved(around(100), around(150))),
      design: { kind: 'forks' as const, reason: 'the two sides cannot load in one process' },
    };
    const d = resultsDocument(runOf([record('S.pair', paired(around(100), around(150))), fell]));
    const html = resultsHtml(d, { title: 't', file: 'f', plots: [], cspSource: 'x' });
    expect(html).toContain(
      '<p class="footnote design">design: paired forks (both sides measured in every fork) — S.<wbr>pair; ' +
        'one side per fork (fell back: the two sides cannot load in one process) — S.<wbr>fell</p>',
    );
    expect(html).toMatch(
      /title="[^"]*\ndesign: paired forks \(both sides measured in every fork\)">Lost<\/td>/,
    );
  });
  it('shows Inconclusive on a compared row whose interval does not show Unchanged, with what would resolve it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tb-cmp-'));
    const side = (values: number[]) => runOf([record('S.main', interleaved(values, values))]);
    writeFileSync(join(dir, 'old.json'), JSON.stringify(side(noisy())));
    writeFileSync(join(dir, 'new.json'), JSON.stringify(side(noisy().reverse())));
    const c = compareSavedFiles(join(dir, 'old.json'), join(dir, 'new.json'));
    expect(c.verdicts[0]).toMatchObject({
      outcome: 'Inconclusive',
      basis: { statisticalOutcome: 'Unchanged' },
    });
    const html = compareHtml(c, ['old.json', 'new.json']);
    expect(html).toContain('<td>Inconclusive</td>');
    expect(html).toMatch(/title="its interval \[[^\]]+\] reaches past ±2%, so Unchanged is not shown; /);
    expect(html).toMatch(
      /<ul><li>S\.main Inconclusive: its interval \[[^\]]+\] reaches past ±2%, so Unchanged is not shown; /,
    );
    expect(html).not.toContain('†');
  });
  it('asks for growth over a numeric parameter with three values and a factorial over a two-level one', () => {
    const b = (n: number, cache: string) => ({ id: { suite: 'S', benchmark: 'b', params: { n, cache } } });
    expect(reportAnalysisArgs([b(1, 'on'), b(10, 'off'), b(100, 'on')])).toEqual([
      '--growth=n',
      '--factorial=cache',
    ]);
    expect(reportAnalysisArgs([b(1, 'on'), b(10, 'on')])).toEqual(['--factorial=n']);
    expect(reportAnalysisArgs([{ id: { suite: 'S', benchmark: 'b', params: {} } }])).toEqual([]);
  });
});
