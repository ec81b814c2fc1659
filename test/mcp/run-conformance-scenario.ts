import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

// The official conformance suite's server scenarios that fit a tools-only server. Shared by
// test/mcp/conformance.test.ts (a runtime started in-process) and bench/runtime/run.ts (the
// benchmark's own runtime process, with the benchmark's configuration, after its load).
const cli = createRequire(import.meta.url).resolve(
  '@modelcontextprotocol/conformance/dist/index.js',
);

export interface ConformanceCheck {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';
  errorMessage?: string;
}

/** Scenario → which workspace it runs on: `tools` (errorStyle jsonrpc) or `errors` (result). */
export const CONFORMANCE_SCENARIOS = [
  ['server-initialize', 'tools'],
  ['ping', 'tools'],
  ['tools-list', 'tools'],
  ['dns-rebinding-protection', 'tools'],
  ['tools-call-simple-text', 'tools'],
  ['tools-call-error', 'errors'],
] as const;

/** The tools the scenarios call, by workspace. */
export const CONFORMANCE_TOOLS = {
  tools: {
    name: 'test_simple_text',
    description: 'Returns a simple text response',
    kind: 'script',
    handlerSource: "export default () => 'This is a simple text response for testing.'",
  },
  errors: {
    name: 'test_error_handling',
    description: 'Always fails',
    kind: 'script',
    handlerSource:
      "export default () => { throw new Error('This tool intentionally returns an error for testing'); }",
  },
} as const;

/** Runs one scenario with the suite's CLI against `url` and returns its recorded checks. */
export async function runConformanceScenario(
  url: string,
  scenario: string,
): Promise<ConformanceCheck[]> {
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
    const checks: ConformanceCheck[] = [];
    for (const run of runs) {
      const file = path.join(results, run, 'checks.json');
      checks.push(...(JSON.parse(await readFile(file, 'utf8')) as ConformanceCheck[]));
    }
    if (checks.length === 0) throw new Error(`no checks recorded for ${scenario}:\n${output}`);
    return checks;
  } finally {
    await rm(cwd, { recursive: true, force: true });
  }
}
