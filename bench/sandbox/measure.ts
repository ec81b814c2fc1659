import { readFileSync } from 'node:fs';

/** Small timing helpers for the sandbox benchmark. */

/** Minor page faults of the process so far (Linux; 0 elsewhere). */
export function minorFaults(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[7]);
  } catch {
    return 0;
  }
}

export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export const median = (samples: number[]) => percentile(samples, 50);

/** Latencies (ms) of `count` sequential calls, with an optional pause between them. */
export async function latencies(
  count: number,
  call: () => Promise<unknown> | unknown,
  pauseMs = 0,
): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await call();
    samples.push(performance.now() - start);
    if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  return samples;
}

/** Calls per second with `concurrency` calls in flight for `durationMs`. */
export async function throughput(
  durationMs: number,
  concurrency: number,
  call: (i: number) => Promise<unknown>,
): Promise<number> {
  let done = 0;
  let next = 0;
  const end = performance.now() + durationMs;
  const start = performance.now();
  const worker = async () => {
    while (performance.now() < end) {
      await call(next++);
      done++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return done / ((performance.now() - start) / 1000);
}

export const fmt = (value: number, digits = 3) =>
  Number.isFinite(value) ? value.toFixed(digits) : 'n/a';

export function table(rows: [string, string, string][]): string {
  const widths = [0, 1, 2].map((col) => Math.max(...rows.map((row) => row[col]!.length)));
  return rows
    .map((row, i) => {
      const line = row.map((cell, col) => cell.padEnd(widths[col]!)).join(' | ');
      return i === 0 ? `${line}\n${widths.map((w) => '-'.repeat(w)).join('-|-')}` : line;
    })
    .join('\n');
}
