/**
 * Calls `fn` at most once per `intervalMs`: at once when idle, then once more at the end of the interval if it was
 * asked for meanwhile (the last state is never lost).
 *
 * Why: VS Code re-asks a CodeLens provider through a scheduler that every `onDidChangeCodeLenses` restarts (its
 * delay is at least 250 ms and grows with the provider's own duration). A run's events arrive faster than that, so
 * firing on each one starved the lenses: in the e2e at load ~2 a whole 5-fork run finished without the lens ever
 * showing `measuring k/10`, and lenses lagged one run behind the status bar.
 */
export function throttle(fn: () => void, intervalMs: number): { call: () => void; dispose: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending = false;
  const open = () => {
    timer = undefined;
    if (!pending) return;
    pending = false;
    fn();
    timer = setTimeout(open, intervalMs);
  };
  return {
    call: () => {
      if (timer !== undefined) {
        pending = true;
        return;
      }
      fn();
      timer = setTimeout(open, intervalMs);
    },
    dispose: () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      pending = false;
    },
  };
}
