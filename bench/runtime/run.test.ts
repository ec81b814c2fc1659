import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pgAdminUrl, testRedis } from '@toolplane/testing';
import { expect, it } from 'vitest';

// Smoke test of the benchmark harness: the whole one-command run in --quick mode (1 s levels at
// concurrency 1 and 4) finishes, every reply checks out and the conformance scenarios pass on the
// benchmark's runtime process. Timings are not asserted: this shared machine makes them noise.
const root = path.resolve(import.meta.dirname, '../..');

it('runs every peer and scenario end to end with zero errors', { timeout: 400_000 }, async () => {
  const redis = testRedis();
  expect(redis.url, redis.reason ?? '').not.toBeNull();
  const out = path.join(tmpdir(), `tp-bench-smoke-${process.pid}.json`);
  const child = spawn(
    process.execPath,
    [
      '--no-node-snapshot',
      '--import',
      'tsx',
      'bench/runtime/run.ts',
      '--quick',
      // Toolbox is an optional download (../shared/bench-kit); the Node peers are always here.
      '--peers',
      'runtime,runtime-nolog,runtime-mem,lean,sdk',
      // From source: a test must not rewrite apps/runtime/dist.
      '--runtime-entry',
      'source',
      '--pg-admin-url',
      pgAdminUrl(),
      '--redis-url',
      redis.url!,
      '--out',
      out,
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const [code] = await once(child, 'exit');
  try {
    expect(code, output).toBe(0);
    const summary = JSON.parse(await readFile(out, 'utf8')) as {
      results: { peer: string; scenario: string; requests: number; errors: object }[];
      conformance: { scenario: string; passed: number; failed: unknown[] }[];
      peakRssMb: Record<string, number>;
      errors: number;
    };
    expect(summary.errors).toBe(0);
    const ran = new Set(summary.results.map((r) => `${r.peer} ${r.scenario}`));
    expect([...ran].sort()).toEqual(
      [
        'lean get_user',
        'runtime get_user',
        'runtime get_user_cached',
        'runtime script_echo',
        'runtime tools_list',
        'runtime-mem get_user',
        'runtime-mem get_user_cached',
        'runtime-nolog get_user',
        'sdk get_user',
      ].sort(),
    );
    for (const r of summary.results) {
      expect(r.requests, `${r.peer} ${r.scenario}`).toBeGreaterThan(0);
      expect(r.errors, `${r.peer} ${r.scenario}`).toEqual({});
    }
    expect(summary.conformance.map((c) => c.scenario)).toHaveLength(6);
    for (const c of summary.conformance) {
      expect(c.failed, c.scenario).toEqual([]);
      expect(c.passed, c.scenario).toBeGreaterThan(0);
    }
    expect(summary.peakRssMb.runtime).toBeGreaterThan(0);
  } finally {
    await rm(out, { force: true });
  }
});
