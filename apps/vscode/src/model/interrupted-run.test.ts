import { analyseRun } from '@tombstone-lab/bench/runner';
import { describe, expect, it } from 'vitest';
import { caseLine, outcomeCounts, runSummary } from './case-text.js';
import { interruptedNote } from './interrupted-run.js';
import { parseResults, savedRun } from './protocol.js';
import { resultsHtml } from './results-html.js';
import { ResultsStore } from './results-store.js';
import { around, interleaved, record, runOf } from './test-fixtures.js';
import { testVerdict } from './test-state.js';

/** A run cancelled during its second benchmark: S.a finished (10 + 10 forks), S.b at 2/20, S.c never started. */
function cancelledDoc(finishedAt: string | null = null) {
  const run = runOf(
    [
      record('S.a', interleaved(around(100), around(50))),
      record('S.b', interleaved([100], [50])),
      record('S.c', []),
    ],
    { finishedAt },
  );
  return parseResults(JSON.stringify({ ...run, analysis: analyseRun(run).report }));
}

describe('a cancelled run reopened from its file', () => {
  it('shows its unmeasured cases as not measured, never Invalid, on every surface', () => {
    const doc = cancelledDoc();
    // Planted: the engine judges the empty case Invalid; that is what the surfaces showed before.
    expect(doc.analysis.verdicts.find((v) => v.key === 'S.c')?.outcome).toBe('Invalid');
    const store = new ResultsStore();
    const run = store.load(savedRun(doc, '/r.json'));
    expect(run.status).toBe('interrupted');
    expect(caseLine(run.cases.get('S.c')!)).toBe('not measured (cancelled at 0/20)');
    expect(caseLine(run.cases.get('S.b')!)).toBe('not measured (cancelled at 2/20)');
    expect(run.cases.get('S.a')!.verdict?.outcome).toBe('Won');
    expect(runSummary(run)).toBe('bench impl: eager → cow: cancelled · 1 Won');
    expect(outcomeCounts([...run.cases.values()])).not.toMatch(/Invalid/);
    expect(testVerdict(run.cases.get('S.c')!, true)).toEqual({
      state: 'skipped',
      message: 'not measured (cancelled at 0/20)',
    });
    expect(interruptedNote(run)).toBe(
      "Interrupted run: cancelled at 22/60 forks; 2 of 3 benchmarks not measured (no verdict for them). Continue it with the runner's --resume r.json (Re-run Last does, right after the cancel).",
    );
  });

  it('the results view reads not measured with the interrupted-run note; a finished run keeps Invalid', () => {
    const doc = cancelledDoc();
    const html = resultsHtml(doc, {
      title: 't',
      file: 'r.json',
      plots: [],
      cspSource: 'x',
      notMeasured: new Map([['S.c', 'not measured (cancelled at 0/20)']]),
      interruptedNote: 'Interrupted run: …',
    });
    expect(html).toContain('<td class="outcome">not measured (cancelled at 0/20)</td>');
    expect(html).toContain('Interrupted run: …');
    expect(html).not.toMatch(/class="invalid"/);
    const finished = new ResultsStore().load(savedRun(cancelledDoc('2026-01-01T00:10:00.000Z'), '/f.json'));
    expect(finished.status).toBe('finished');
    expect(caseLine(finished.cases.get('S.c')!)).toMatch(/^Invalid/);
  });

  it('says that a newer run exists, with a button that opens it', () => {
    const html = resultsHtml(cancelledDoc(), {
      title: 't',
      file: 'r.json',
      plots: [],
      cspSource: 'x',
      newer: { tag: 'vs HEAD~1 · 14:05', file: '/ws/.tombstone-bench/b.json' },
    });
    expect(html).toContain('A newer run exists: vs HEAD~1 · 14:05.');
    expect(html).toContain(
      `href="command:tombstoneBench.openResults?${encodeURIComponent(JSON.stringify(['/ws/.tombstone-bench/b.json']))}"`,
    );
  });
});
