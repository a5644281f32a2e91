import { spawnSync } from 'node:child_process';

/** How forks are pinned: the `taskset` CPU list, or null when pinning is unavailable. */
export interface PinPlan {
  cpu: string;
}

let detected: PinPlan | null | undefined;

/**
 * Detects `taskset` once and picks the last CPU this process may run on: both sides then share one core, so neither
 * gets a quieter one. Spawned with an argument array; returns null where `taskset` is missing or fails.
 */
export function detectPinning(): PinPlan | null {
  if (detected !== undefined) return detected;
  const probe = spawnSync('taskset', ['-pc', String(process.pid)], {
    encoding: 'utf8',
    shell: false,
    timeout: 5000,
  });
  const list = probe.status === 0 ? /:\s*([\d,\s-]+)\s*$/.exec(probe.stdout)?.[1] : undefined;
  detected = list ? { cpu: String(expandCpuList(list).at(-1)) } : null;
  return detected;
}

/** `0-2,5` → [0, 1, 2, 5]. */
export function expandCpuList(list: string): number[] {
  const out: number[] = [];
  for (const part of list.split(',')) {
    const [a, b] = part.trim().split('-').map(Number);
    if (a === undefined || Number.isNaN(a)) continue;
    for (let c = a; c <= (b ?? a); c++) out.push(c);
  }
  return out;
}
