import { fileURLToPath } from 'node:url';

/**
 * The bench package's own folder (…/bench/ from src/stats or dist/stats): frames under its src/ or dist/ are the
 * runner's, not the user's benchmark code.
 */
const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

const FRAME = /^\s*at\s/;

/** A stack frame the user did not write: Node internals, installed packages, or this runner's own files. */
export function isRunnerFrame(line: string, packageRoot = PACKAGE_ROOT): boolean {
  const text = line.replace(/file:\/\//g, '');
  if (/\(node:|\bat node:|node:internal/.test(text)) return true;
  if (text.includes('/node_modules/')) return true;
  return text.includes(`${packageRoot}src/`) || text.includes(`${packageRoot}dist/`);
}

/**
 * What a failure's log tail says in one short excerpt: the last error message and the first `frames` stack frames
 * in the user's files. The plain last lines of a thrown error's tail are the runner's frames (the fork worker calls
 * the benchmark), which hid `at boom (…/throws.bench.ts:7:51)` behind five lines of runner internals.
 * Logs without a stack keep their last `lines` lines.
 */
export function logExcerpt(text: string, frames = 5, lines = 5, packageRoot = PACKAGE_ROOT): string {
  const all = text.trimEnd().split('\n');
  // The thrown error's stack is appended last; earlier output of the fork may hold stacks of its own.
  let end = all.length;
  while (end > 0 && !FRAME.test(all[end - 1]!)) end--;
  if (end === 0) return all.slice(-lines).join('\n');
  let firstFrame = end;
  while (firstFrame > 0 && FRAME.test(all[firstFrame - 1]!)) firstFrame--;
  // The message is the non-frame text right above the frames (an Error's header may span a few lines).
  let start = firstFrame;
  while (start > 0 && !FRAME.test(all[start - 1]!) && firstFrame - start < 3) start--;
  const header = all.slice(start, firstFrame);
  const stack = all.slice(firstFrame, end);
  const user = stack.filter((l) => !isRunnerFrame(l, packageRoot));
  const shown = (user.length ? user : stack).slice(0, frames);
  const hidden = stack.length - shown.length;
  return [
    ...header,
    ...shown,
    ...(hidden > 0 ? [`    … ${hidden} more frame(s) in the results JSON`] : []),
  ].join('\n');
}
