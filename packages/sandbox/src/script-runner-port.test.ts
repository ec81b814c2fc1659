import { compileScript } from '@toolplane/scripts';
import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox } from './create-sandbox';
import type { RunResult } from './sandbox-types';
import { createScriptRunnerPort, ScriptRunError, type StoredScript } from './script-runner-port';

const sandbox = createSandbox();
afterAll(() => sandbox.dispose());

const compiled = compileScript(
  'export const lookup = (p: { inputs: { id: number } }) => ({ id: p.inputs.id });',
);
const scripts: Record<string, StoredScript> = {
  'handlers/user.ts': {
    source:
      'export default async (p: { inputs: { id: number }; tool: string }, ctx: { env: Record<string, string> }) => { console.log("hi"); return { id: p.inputs.id, tool: p.tool, key: ctx.env.KEY }; }',
  },
  'handlers/named.ts': { compiled: compiled.ok ? compiled : { code: '' } },
  'handlers/broken.ts': { source: 'export default () => {\n  return (;\n}' },
  'handlers/slow.ts': { source: 'export default () => new Promise(() => {})' },
};
const runs: RunResult[] = [];
const port = createScriptRunnerPort(sandbox, {
  load: (_workspaceId, path) => scripts[path],
  settings: () => ({ limits: { cpuMs: 500 } }),
  onRun: (_request, result) => runs.push(result),
});
const request = (script: string, timeoutMs?: number) => ({
  workspaceId: 'ws_port',
  tool: 'get-user',
  role: 'handler' as const,
  script,
  payload: { inputs: { id: 3 }, tool: 'get-user' },
  env: { KEY: 'k' },
  timeoutMs,
});

describe('createScriptRunnerPort', () => {
  it('runs the default export and reports the run', async () => {
    expect(await port.run(request('handlers/user.ts'))).toEqual({
      id: 3,
      tool: 'get-user',
      key: 'k',
    });
    expect(runs.at(-1)).toMatchObject({ ok: true, console: [{ level: 'log', message: 'hi' }] });
  });

  it('runs a named export of precompiled code', async () => {
    expect(await port.run(request('handlers/named.ts#lookup'))).toEqual({ id: 3 });
  });

  it('rejects with the script error, its kind and position', async () => {
    const error = await port.run(request('handlers/broken.ts')).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ScriptRunError);
    expect(error).toMatchObject({
      kind: 'syntax',
      line: 2,
      message: expect.stringMatching(/^SyntaxError: .*\(line 2, column \d+\)$/),
    });
  });

  it('turns timeoutMs into the time limit, and refuses unknown scripts', async () => {
    await expect(port.run(request('handlers/slow.ts', 150))).rejects.toMatchObject({
      kind: 'wall',
      message: 'script exceeded 150 ms time limit',
    });
    await expect(port.run(request('handlers/none.ts'))).rejects.toMatchObject({
      message: 'script not found: handlers/none.ts',
    });
    await expect(port.run(request('handlers/user.ts#not-a-name'))).rejects.toMatchObject({
      kind: 'export',
    });
  });
});

describe('createScriptRunnerPort: request id, limits, egress, console report', () => {
  const contextScripts: Record<string, StoredScript> = {
    'ctx.ts': {
      source:
        'export default (_p, ctx) => { console.warn("w", ctx.requestId); return { requestId: ctx.requestId, workspace: ctx.workspace, hasDeadline: typeof ctx.deadline === "number" }; }',
    },
    'spin.ts': { source: 'export default () => { for (;;) {} }' },
    'fetch.ts': {
      source:
        'export default async () => { try { await fetch("http://10.0.0.1/"); return "fetched"; } catch (e) { return e.message; } }',
    },
  };
  const seenSettings: string[] = [];
  const contextPort = createScriptRunnerPort(sandbox, {
    load: (_workspaceId, path) => contextScripts[path],
    settings: (workspaceId) => {
      seenSettings.push(workspaceId);
      return { limits: { cpuMs: 900 }, egress: ['api.example.com'] };
    },
  });

  it('passes the request id to the script and reports console output per run', async () => {
    const reports: unknown[] = [];
    const value = await contextPort.run({
      ...request('ctx.ts'),
      requestId: 'req_42',
      onReport: (report) => reports.push(report),
    });
    expect(value).toEqual({ requestId: 'req_42', workspace: 'ws_port', hasDeadline: true });
    expect(reports).toEqual([
      {
        console: [{ level: 'warn', message: 'w req_42' }],
        consoleTruncated: false,
        cpuMs: expect.any(Number),
        wallMs: expect.any(Number),
      },
    ]);
  });

  it('applies the request limits over the workspace settings and reports failures too', async () => {
    const reports: { errorKind?: string }[] = [];
    await expect(
      contextPort.run({
        ...request('spin.ts'),
        limits: { cpuMs: 50 },
        onReport: (report) => reports.push(report),
      }),
    ).rejects.toMatchObject({ kind: 'cpu', message: 'script exceeded 50 ms CPU limit' });
    expect(reports).toMatchObject([{ errorKind: 'cpu' }]);
  });

  it("uses the request's egress allow-list over the workspace's", async () => {
    // An address literal: refused by the allow-list, or past it by the address policy — either
    // way before any socket opens.
    expect(await contextPort.run(request('fetch.ts'))).toMatch(/not on the workspace's egress/);
    expect(await contextPort.run({ ...request('fetch.ts'), egress: ['10.0.0.1'] })).toMatch(
      /10\.0\.0\.1 is a private network address/,
    );
    expect(seenSettings.every((workspaceId) => workspaceId === 'ws_port')).toBe(true);
  });
});
