import { availableParallelism } from 'node:os';
import type { PoolOptions, ScriptLimits } from './sandbox-types';

/** Defaults from the issue: 1 s CPU, 5 s wall, 64 MB heap, 1 MB result. */
export const DEFAULT_LIMITS: ScriptLimits = {
  cpuMs: 1000,
  wallMs: 5000,
  memoryMb: 64,
  maxResultBytes: 1024 * 1024,
  maxConsoleBytes: 64 * 1024,
};

/**
 * Two isolates per workspace let one slow call (awaiting I/O) not block the next; 128 isolates
 * bound the process at 128 × the memory limit in the worst case, and an idle isolate costs
 * about 1–2 MB (see bench/sandbox).
 */
export const DEFAULT_POOL: PoolOptions = {
  maxIsolatesPerWorkspace: 2,
  maxIsolates: 128,
  maxQueuedPerWorkspace: 64,
  warmContexts: 1,
  idleTimeoutMs: 5 * 60_000,
  isolateThreads: availableParallelism() + 1,
  initialOldSpaceMb: 4,
};

const BOUNDS: Record<keyof ScriptLimits, [number, number]> = {
  cpuMs: [1, 600_000],
  wallMs: [1, 600_000],
  // isolated-vm's floor is 8 MB.
  memoryMb: [8, 4096],
  maxResultBytes: [2, 512 * 1024 * 1024],
  maxConsoleBytes: [0, 64 * 1024 * 1024],
};

/** Merges limits, ignoring values that are not finite numbers and clamping to sane bounds. */
export function resolveLimits(
  base: ScriptLimits,
  override: Partial<ScriptLimits> | undefined,
): ScriptLimits {
  const limits = { ...base };
  if (!override) return limits;
  for (const key of Object.keys(BOUNDS) as (keyof ScriptLimits)[]) {
    const value = override[key];
    if (typeof value !== 'number' || !Number.isFinite(value)) continue;
    const [min, max] = BOUNDS[key];
    limits[key] = Math.min(max, Math.max(min, Math.floor(value)));
  }
  return limits;
}

export function limitMessage(kind: 'cpu' | 'wall' | 'memory', limits: ScriptLimits): string {
  switch (kind) {
    case 'cpu':
      return `script exceeded ${limits.cpuMs} ms CPU limit`;
    case 'wall':
      return `script exceeded ${limits.wallMs} ms time limit`;
    case 'memory':
      return `script exceeded ${limits.memoryMb} MB memory limit`;
  }
}
