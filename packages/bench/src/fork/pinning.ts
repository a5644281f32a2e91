import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** How forks are pinned: the `taskset` CPU list, or null when pinning is unavailable. */
export interface PinPlan {
  cpu: string;
}

/** A run's pinning and how to give its core back when the run ends. */
export interface PinClaim {
  plan: PinPlan | null;
  /** Removes this run's claim file (a no-op when nothing was claimed). */
  release(): void;
}

let detected: number[] | null | undefined;

/**
 * The CPUs this process may run on (`taskset -pc`), detected once; null where `taskset` is missing or fails.
 * Spawned with an argument array.
 */
function allowedCpus(): number[] | null {
  if (detected !== undefined) return detected;
  const probe = spawnSync('taskset', ['-pc', String(process.pid)], {
    encoding: 'utf8',
    shell: false,
    timeout: 5000,
  });
  const list = probe.status === 0 ? /:\s*([\d,\s-]+)\s*$/.exec(probe.stdout)?.[1] : undefined;
  const cpus = list ? expandCpuList(list) : [];
  detected = cpus.length > 0 ? cpus : null;
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

// CPUs claimed by sessions of this process: a claim file naming our own pid is ours only if listed here.
const claimedHere = new Set<number>();

/**
 * Pins a run's forks to one core, both sides on the same one so neither gets a quieter core. The core is the last
 * allowed CPU that no other live run holds: every run used to take the last CPU, so two runs started at once
 * shared it while the other core idled (measured: persistent random merges read 1.86× slower there and eager
 * 1.24×, so their ratio fell from 24.6× to 16.4×). A run holds its core with a claim file (`cpu-<n>.claim` in
 * `dir`, holding its pid), created exclusively; a claim whose process is gone is taken over. When every allowed
 * CPU is held, the run shares the last one, as before. `cpus` overrides detection (tests).
 */
export function claimPinning(
  dir: string = join(tmpdir(), 'tombstone-bench'),
  cpus: readonly number[] | null = allowedCpus(),
): PinClaim {
  const last = cpus?.at(-1);
  if (cpus === null || last === undefined) return { plan: null, release: () => {} };
  mkdirSync(dir, { recursive: true });
  for (const cpu of [...cpus].reverse()) {
    const file = join(dir, `cpu-${cpu}.claim`);
    if (!tryClaim(file, cpu)) continue;
    claimedHere.add(cpu);
    return { plan: { cpu: String(cpu) }, release: () => releaseClaim(file, cpu) };
  }
  return { plan: { cpu: String(last) }, release: () => {} };
}

/** Creates `file` exclusively; takes it over once when the process it names is gone. */
function tryClaim(file: string, cpu: number): boolean {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') return false;
    }
    if (holderAlive(file, cpu)) return false;
    // Two runs that find the same dead holder at the same instant may both take its core over; they then share
    // it, as every run did before claims.
    try {
      unlinkSync(file);
    } catch {
      // Another run removed it first: retry the create.
    }
  }
  return false;
}

function holderAlive(file: string, cpu: number): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(file, 'utf8'));
  } catch {
    return false;
  }
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return claimedHere.has(cpu);
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to another user.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function releaseClaim(file: string, cpu: number): void {
  claimedHere.delete(cpu);
  try {
    if (readFileSync(file, 'utf8') === String(process.pid)) unlinkSync(file);
  } catch {
    // Already gone (taken over as stale, or removed by hand): nothing to release.
  }
}
