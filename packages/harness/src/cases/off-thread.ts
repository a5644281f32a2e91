import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { CaseInterruptedError } from './bench-driver.js';

/** Running from TypeScript sources (tests): a worker thread cannot load `.ts` modules, so the step runs here. */
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER = new URL('./off-thread-worker.js', import.meta.url);

const interrupted = () => new CaseInterruptedError('interrupted before the co-measured runs');

/**
 * Runs a case's in-process step (model checks, counts: synchronous and seconds long — one eager range-merges run
 * took 3.4 s at load 5) in a worker thread, so Ctrl-C is heard at once: the main thread stays free, and an interrupt
 * terminates the worker mid-step (issue 23: a case ignored Ctrl-C until its in-process phase ended, 2.5–3.4 s).
 * `fn` must be an exported function of the module at `moduleUrl` (the caller's `import.meta.url`) whose arguments
 * and result survive structured cloning. From TypeScript sources it runs on this thread, the signal checked first.
 * @throws CaseInterruptedError when `signal` aborts before the step finished.
 */
export async function offThread<A extends unknown[], R>(
  moduleUrl: string,
  fn: (...args: A) => R,
  args: A,
  signal?: AbortSignal,
): Promise<R> {
  if (signal?.aborted) throw interrupted();
  if (FROM_SOURCE) return fn(...args);
  const worker = new Worker(fileURLToPath(WORKER), {
    workerData: { module: moduleUrl, name: fn.name, args },
  });
  return new Promise<R>((resolve, reject) => {
    const stop = () => {
      reject(interrupted());
      void worker.terminate();
    };
    signal?.addEventListener('abort', stop, { once: true });
    const done = () => signal?.removeEventListener('abort', stop);
    worker.once('message', (result: R) => {
      done();
      resolve(result);
    });
    worker.once('error', (error) => {
      done();
      reject(error);
    });
    worker.once('exit', (code) => {
      done();
      reject(new Error(`in-process step ${fn.name} ended without a result (exit ${code})`));
    });
  });
}
