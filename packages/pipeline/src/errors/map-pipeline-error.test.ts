import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { mapPipelineError } from './map-pipeline-error';
import { PipelineError } from './pipeline-error';

const base = { tool: 'get-user', requestId: 7, stage: 'connector' as const };

describe('mapPipelineError', () => {
  it('maps an unknown tool to -32601 in both error styles', () => {
    const error = new PipelineError('TOOL_NOT_FOUND', 'resolve', "tool 'nope' not found");
    for (const errorStyle of ['jsonrpc', 'result'] as const) {
      expect(mapPipelineError(error, { ...base, tool: 'nope', errorStyle })).toEqual({
        kind: 'jsonrpc',
        error: {
          code: -32601,
          message: "tool 'nope' not found",
          data: { code: 'TOOL_NOT_FOUND', stage: 'resolve', tool: 'nope', requestId: 7 },
        },
      });
    }
  });

  it('maps a stage failure to -32000 with stage, tool and request id', () => {
    const error = new PipelineError('SECRET_MISSING', 'env_substitution', "secret 'X' is not set");
    expect(mapPipelineError(error, { ...base, errorStyle: 'jsonrpc' })).toEqual({
      kind: 'jsonrpc',
      error: {
        code: -32000,
        message: "secret 'X' is not set",
        data: { code: 'SECRET_MISSING', stage: 'env_substitution', tool: 'get-user', requestId: 7 },
      },
    });
  });

  it('maps a stage failure to an isError result in the result style', () => {
    const error = new PipelineError('HANDLER_FAILED', 'handler', 'boom');
    const mapped = mapPipelineError(error, { ...base, errorStyle: 'result' });
    expect(mapped).toEqual({
      kind: 'result',
      result: {
        isError: true,
        content: [{ type: 'text', text: 'boom' }],
        structuredContent: { error: { code: 'HANDLER_FAILED', stage: 'handler', message: 'boom' } },
      },
    });
    if (mapped.kind === 'result')
      expect(CallToolResultSchema.safeParse(mapped.result).success).toBe(true);
  });

  it('never exposes a non-pipeline error', () => {
    const mapped = mapPipelineError(new Error('at /srv/app/x.js secret=hunter2'), {
      ...base,
      errorStyle: 'jsonrpc',
    });
    expect(mapped).toEqual({
      kind: 'jsonrpc',
      error: {
        code: -32000,
        message: 'internal error (request 7)',
        data: { code: 'INTERNAL', stage: 'connector', tool: 'get-user', requestId: 7 },
      },
    });
  });
});
