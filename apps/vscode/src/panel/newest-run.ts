import type { ResultsStore, RunState } from '../model/results-store.js';

/**
 * The newest run that ended with a results file of measured cases (finished or cancelled midway): the run the
 * results view and Open Results mean by "newest". A run in progress, or one that failed before measuring, is not.
 */
export function newestEndedRun(store: ResultsStore): RunState | undefined {
  return store
    .runs()
    .find(
      (r) =>
        r.resultsFile !== null &&
        r.keys.length > 0 &&
        (r.status === 'finished' || r.status === 'interrupted'),
    );
}
