import type { Tool, Workspace } from '@toolplane/db';
import type { ToolCallOutcome } from '@toolplane/pipeline';
import { describe, expect, it } from 'vitest';
import type { McpRequestContext } from '../mcp/mcp-context';
import { toInvocationEntry } from './to-invocation-entry';

function context(recordPayloads: boolean): McpRequestContext {
  const row = { id: 'tool_1', version: 3 } as Tool;
  return {
    snapshot: {
      workspace: { id: 'ws_1', recordPayloads } as Workspace,
      tools: new Map([['lookup', { ok: false, row, problem: '' }]]),
    } as unknown as McpRequestContext['snapshot'],
    caller: { apiTokenId: 'tok_1', userId: null } as McpRequestContext['caller'],
    headers: {},
    requestId: 'req_1',
  };
}

const outcome: ToolCallOutcome = {
  response: {
    kind: 'result',
    result: {
      content: [{ type: 'text', text: 'x'.repeat(5_000) }],
      structuredContent: { results: [] },
    },
  },
  ok: true,
  error: undefined,
  timings: { resolve: 0.01234, connector: 1.98765 },
  totalMs: 2.5,
  cacheHit: undefined,
  rowCount: 0,
  truncated: false,
};

describe('invocation entries', () => {
  it('keep metadata only unless the workspace records payloads', () => {
    const entry = toInvocationEntry(context(false), 'lookup', { id: 1 }, outcome, []);
    expect(entry).toMatchObject({
      workspaceId: 'ws_1',
      toolId: 'tool_1',
      toolVersion: 3,
      tokenId: 'tok_1',
      status: 'ok',
      durationMs: 2.5,
      stageTimings: { resolve: 0.012, connector: 1.988 },
      cacheHit: false,
      requestId: 'req_1',
    });
    expect(entry.inputs).toBeUndefined();
    expect(entry.resultPreview).toBeUndefined();
  });

  it('record redacted inputs and a size-capped result preview when asked', () => {
    const entry = toInvocationEntry(
      context(true),
      'lookup',
      { id: 1, password: 'hunter2', nested: { apiKey: 'k', ok: true } },
      outcome,
      [{ level: 'log', message: 'hello' }],
    );
    expect(entry.inputs).toEqual({
      id: 1,
      password: '[redacted]',
      nested: { apiKey: '[redacted]', ok: true },
    });
    expect(entry.resultPreview).toEqual({ text: 'x'.repeat(4_096), truncated: true });
    expect(entry.console).toEqual([{ level: 'log', message: 'hello' }]);
  });
});
