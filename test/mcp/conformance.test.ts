import { updateWorkspaceSettings } from '@toolplane/db';
import type { RunningRuntime } from '@toolplane/runtime';
import { createRuntimeFixture, type RuntimeFixture } from '@toolplane/runtime/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HeaderAddingProxy, startHeaderAddingProxy } from './header-adding-proxy';
import {
  CONFORMANCE_SCENARIOS,
  CONFORMANCE_TOOLS,
  runConformanceScenario,
} from './run-conformance-scenario';

// The official conformance suite's server scenarios, run against workspace URLs of a runtime
// started exactly as in production (in-process startRuntime). bench/runtime/run.ts runs the same
// scenarios against its own runtime process after the load, with the benchmark's configuration.

let f: RuntimeFixture;
let runtime: RunningRuntime;
let proxy: HeaderAddingProxy;

beforeAll(async () => {
  f = await createRuntimeFixture();
  const tools = await f.workspace('conformance');
  await f.tool(tools.id, CONFORMANCE_TOOLS.tools);
  const errors = await f.workspace('conformance-errors');
  await f.tool(errors.id, CONFORMANCE_TOOLS.errors);
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

const slugs = { tools: 'conformance', errors: 'conformance-errors' } as const;

describe('MCP conformance (official @modelcontextprotocol/conformance server scenarios)', () => {
  it.each(CONFORMANCE_SCENARIOS.map(([scenario, role]) => [scenario, slugs[role]] as const))(
    '%s passes on /t/%s/mcp',
    async (scenario, slug) => {
      const checks = await runConformanceScenario(`${proxy.url}/${slug}/mcp`, scenario);
      const failed = checks.filter((check) => check.status === 'FAILURE');
      expect(failed, JSON.stringify(failed, null, 2)).toEqual([]);
      expect(checks.some((check) => check.status === 'SUCCESS')).toBe(true);
    },
  );
});
