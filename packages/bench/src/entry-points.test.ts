import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

// The public surface is deliberate: a new runtime export must be added here on purpose, and internals (fork, git,
// planning) must never leak into an entry point again.
describe('entry points', () => {
  it('`.` holds what suite authors need: defineSuite, its error, the statistics and theirs', async () => {
    const m = await import('@tombstone-lab/bench');
    expect(Object.keys(m).sort()).toEqual([
      'StatsInputError',
      'SuiteDefinitionError',
      'defineSuite',
      'factorial2x2',
      'fitGrowth',
      'hodgesLehmann',
      'hodgesLehmannRatio',
      'mannWhitneyU',
    ]);
    expect(() => m.mannWhitneyU([], [1])).toThrow(m.StatsInputError);
  });

  it('`./runner` holds the engine, its errors and the results reader', async () => {
    const m = await import('@tombstone-lab/bench/runner');
    expect(Object.keys(m).sort()).toEqual([
      'BenchCompileError',
      'BenchError',
      'BenchLoadError',
      'GitError',
      'ResultsFileError',
      'UsageError',
      'analyseFiles',
      'analyseRun',
      'displayPath',
      'listBenchmarks',
      'readRun',
      'shellQuote',
      'startCalibration',
      'startRun',
    ]);
  });

  it('`./protocol` holds the version, the validators, the list scanner and the reason, look and not-shown wording (its event types are types only)', async () => {
    const m = await import('@tombstone-lab/bench/protocol');
    expect(Object.keys(m).sort()).toEqual([
      'BENCH_EXTENSIONS',
      'CalibrationSummarySchema',
      'PROTOCOL_VERSION',
      'ProtocolError',
      'ResultsDocumentSchema',
      'RunReportSchema',
      'atLook',
      'checkReasonText',
      'diagnosticText',
      'diagnosticsHeadline',
      'errorDiagnostics',
      'isBenchFile',
      'locateBenchmarks',
      'parseCalibrationSummary',
      'parseEvent',
      'parseListOutput',
      'parseResultsDocument',
      'parseRunRecord',
      'parseRunReport',
      'unresolvedText',
      'verdictReasonText',
    ]);
  });

  it('`./format` holds the report tables and number forms other tools print beside bench’s', async () => {
    const m = await import('@tombstone-lab/bench/format');
    expect(Object.keys(m).sort()).toEqual([
      'METRIC_FAMILIES',
      'alignedTable',
      'boxTable',
      'formatBytes',
      'formatDeltaPercent',
      'formatEffect',
      'formatFixed',
      'formatHuman',
      'formatMs',
      'formatP',
      'formatRate',
      'formatRatio',
      'humanScale',
      'shellQuote',
      'shellQuoteArg',
    ]);
    expect(
      m.boxTable(
        [
          ['', 'a'],
          ['x', '1'],
        ],
        ['left', 'right'],
      ),
    ).toBe(['┌───┬───┐', '│   │ a │', '├───┼───┤', '│ x │ 1 │', '└───┴───┘'].join('\n'));
  });

  it('`./format` bundles from format/ alone: a tool printing numbers like bench pulls in nothing else', async () => {
    const result = await build({
      entryPoints: [fileURLToPath(new URL('./format.ts', import.meta.url))],
      bundle: true,
      platform: 'neutral',
      format: 'esm',
      write: false,
      metafile: true,
      minify: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs).map((f) => f.replace(/^.*src\//, ''));
    expect(inputs.sort()).toEqual([
      'format.ts',
      'format/number-format.ts',
      'format/shell-quote.ts',
      'format/text-table.ts',
    ]);
  });

  it('`./svg` holds the plot primitives and bundles from svg-kit alone (a tool drawing its own plots pulls in nothing else)', async () => {
    const m = await import('@tombstone-lab/bench/svg');
    expect(Object.keys(m).sort()).toEqual([
      'CHAR_EM',
      'SERIES_COLORS',
      'THEME_CSS',
      'axis',
      'escapeXml',
      'formatTick',
      'rotatedLabel',
      'scale',
      'svgDocument',
      'svgNumber',
      'svgText',
      'textBlock',
      'wrapLabel',
      'xTicks',
      'yTicks',
    ]);
    const result = await build({
      entryPoints: [fileURLToPath(new URL('./svg.ts', import.meta.url))],
      bundle: true,
      platform: 'neutral',
      format: 'esm',
      write: false,
      metafile: true,
      minify: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs).map((f) => f.replace(/^.*src\//, ''));
    expect(inputs.sort()).toEqual(['report/svg-kit.ts', 'svg.ts']);
  });

  it('`./protocol` bundles for any platform from its own modules and valibot alone (an editor extension bundles it)', async () => {
    const result = await build({
      entryPoints: [fileURLToPath(new URL('./protocol.ts', import.meta.url))],
      bundle: true,
      platform: 'neutral',
      mainFields: ['module', 'main'],
      format: 'esm',
      write: false,
      metafile: true,
      minify: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    // The syntactic scanner is what `list --json` reports; an editor runs it on unsaved text. The reason wording
    // (pure text from the structured checks and verdict basis) is the report's, so an editor words them the same.
    const foreign = inputs.filter(
      (f) =>
        !/src\/protocol(\.ts|\/)/.test(f) &&
        !/src\/format\/number-format\.ts$/.test(f) &&
        !/node_modules\/valibot\//.test(f),
    );
    expect(foreign).toEqual([]);
    // Measured 2026-12-01: ~13 kB minified; the cap catches an accidental import of the engine.
    expect(result.outputFiles[0]?.contents.byteLength).toBeLessThan(40_000);
  });
});
