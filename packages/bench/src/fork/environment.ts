import { readFileSync } from 'node:fs';
import { arch, cpus, loadavg, platform, totalmem } from 'node:os';
import type { Environment } from '../model.js';

/** CPU affinity of this process as the kernel reports it (Linux), or null where unavailable. */
function cpusAllowed(): string | null {
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    return /^Cpus_allowed_list:\s*(\S+)/m.exec(status)?.[1] ?? null;
  } catch {
    return null;
  }
}

/** Captures the environment of the current process; `pinned` says whether the parent applied an affinity. */
export function captureEnvironment(pinned: boolean): Environment {
  const load = loadavg();
  return {
    node: process.version,
    v8: process.versions.v8,
    platform: platform(),
    arch: arch(),
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    cpuCount: cpus().length,
    execArgv: [...process.execArgv],
    loadAverage: [load[0] ?? 0, load[1] ?? 0, load[2] ?? 0],
    totalMemory: totalmem(),
    affinity: pinned ? cpusAllowed() : null,
  };
}
