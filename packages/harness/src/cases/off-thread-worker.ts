/** The worker side of {@link offThread}: imports the step's module, runs the named export, posts its result. */
import { parentPort, workerData } from 'node:worker_threads';

const { module, name, args } = workerData as { module: string; name: string; args: unknown[] };
const step = ((await import(module)) as Record<string, (...a: unknown[]) => unknown>)[name];
if (typeof step !== 'function') throw new Error(`${module} exports no function ${name}`);
parentPort?.postMessage(step(...args));
