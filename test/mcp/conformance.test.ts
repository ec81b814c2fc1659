import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { updateWorkspaceSettings } from '@toolplane/db';
import type { RunningRuntime } from '@toolplane/runtime';
import { createRuntimeFixture, type RuntimeFixture } from '@toolplane/runtime/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HeaderAddingProxy, startHeaderAddingProxy } from './header-adding-proxy';

// The official conformance suite's server scenarios that fit a tools-only server, run against
// workspace URLs of a runtime started exactly as in production (in-process startRuntime).
const cli = createRequire(import.meta.url).resolve(
  '@modelcontextprotocol/conformance/dist/index.js',
);

interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';
  errorMessage?: string;
}

async function runScenario(url: string, scenario: string): Promise<Check[]> {
  const cwd = await mkdtemp(path.join(tmpdir(), 'tp-conformance-'));
  try {
    const child = spawn(
      process.execPath,
      [cli, 'server', '--url', url, '--scenario', scenario, '-o', 'results'],
      {
        cwd,
        stdio: 'pipe',
        env: { PATH: process.env.PATH ?? '' },
      },
    );
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    await once(child, 'exit');
    const results = path.join(cwd, 'results');
    const runs = await readdir(results).catch(() => []);
    const checks: Check[] = [];
    for (const run of runs) {
      const file = path.join(results, run, 'checks.json');
      checks.push(...(JSON.parse(await readFile(file, 'utf8')) as Check[]));
    }
    if (checks.length === 0) throw new Error(`no checks recorded for ${scenario}:\n${output}`);
    return checks;
  } finally {
    await rm(cwd, { recursive: true, force: true });
  }
}

let f: RuntimeFixture;
let runtime: RunningRuntime;
let proxy: HeaderAddingProxy;

beforeAll(async () => {
  f = await createRuntimeFixture();
  const tools = await f.workspace('conformance');
  await f.tool(tools.id, {
    name: 'test_simple_text',
    description: 'Returns a simple text response',
    kind: 'script',
    handlerSource: "export default () => 'This is a simple text response for testing.'",
  });
  const errors = await f.workspace('conformance-errors');
  await f.tool(errors.id, {
    name: 'test_error_handling',
    description: 'Always fails',
    kind: 'script',
    handlerSource:
      "export default () => { throw new Error('This tool intentionally returns an error for testing'); }",
  });
  await updateWorkspaceSettings(f.db, errors.id, {
    expectedVersion: errors.version,
    errorStyle: 'result',
  });
  runtime = await f.start();
  proxy = await startHeaderAddingProxy(runtime.url, {
    conformance: await f.token(tools.id),
    'conformance-errors': await f.token(errors.id),
  });
});

afterAll(async () => {
  await proxy?.close();
  await f?.close();
});

describe('MCP conformance (official @modelcontextprotocol/conformance server scenarios)', () => {
  it.each([
    ['server-initialize', 'conformance'],
    ['ping', 'conformance'],
    ['tools-list', 'conformance'],
    ['dns-rebinding-protection', 'conformance'],
    ['tools-call-simple-text', 'conformance'],
    ['tools-call-error', 'conformance-errors'],
  ])('%s passes on /t/%s/mcp', async (scenario, slug) => {
    const checks = await runScenario(`${proxy.url}/${slug}/mcp`, scenario);
    const failed = checks.filter((check) => check.status === 'FAILURE');
    expect(failed, JSON.stringify(failed, null, 2)).toEqual([]);
    expect(checks.some((check) => check.status === 'SUCCESS')).toBe(true);
  });
});
