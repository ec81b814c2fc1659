import {
  type Attributes,
  type AttributeValue,
  type Context,
  context,
  type Span,
  type SpanContext,
  type SpanOptions,
  type SpanStatus,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { executeToolCall } from '../pipeline/execute-tool-call';
import { createMemoryPorts } from '../testing/create-memory-ports';
import { compileTestTool, createTestRequest } from '../testing/test-tools';
import { CALL_SPAN_NAME } from './span-attributes';

interface Recorded {
  name: string;
  id: string;
  parentId: string | undefined;
  attributes: Attributes;
  status: SpanStatus | undefined;
  ended: boolean;
}

/** A hand-written recording tracer (the SDK's in-memory exporter wants @opentelemetry/api < 1.10). */
function recordingTracer(): Tracer & { spans: Recorded[] } {
  const spans: Recorded[] = [];
  let next = 0;
  const startSpan = (
    name: string,
    options: SpanOptions = {},
    ctx: Context = context.active(),
  ): Span => {
    const id = (++next).toString(16).padStart(16, '0');
    const record: Recorded = {
      name,
      id,
      parentId: trace.getSpan(ctx)?.spanContext().spanId,
      attributes: { ...options.attributes },
      status: undefined,
      ended: false,
    };
    spans.push(record);
    const spanContext: SpanContext = { traceId: '1'.repeat(32), spanId: id, traceFlags: 1 };
    const span: Span = {
      spanContext: () => spanContext,
      setAttribute: (key: string, value: AttributeValue) => {
        record.attributes[key] = value;
        return span;
      },
      setAttributes: (attributes: Attributes) => {
        Object.assign(record.attributes, attributes);
        return span;
      },
      addEvent: () => span,
      addLink: () => span,
      addLinks: () => span,
      setStatus: (status: SpanStatus) => {
        record.status = status;
        return span;
      },
      updateName: (updated: string) => {
        record.name = updated;
        return span;
      },
      end: () => {
        record.ended = true;
      },
      isRecording: () => true,
      recordException: () => undefined,
    };
    return span;
  };
  const tracer = {
    spans,
    startSpan,
    startActiveSpan: (name: string, ...rest: unknown[]) => {
      const fn = rest[rest.length - 1] as (span: Span) => unknown;
      return fn(startSpan(name));
    },
  };
  return tracer as Tracer & { spans: Recorded[] };
}

const tool = compileTestTool({
  kind: 'statement',
  name: 'find-user',
  connector: 'pg',
  statement: "SELECT * FROM users WHERE email = '{{ inputs.email }}' AND org = '{{ env.ORG }}'",
  inputs: { email: { type: 'string' } },
  auth: { plugin: 'api_key', policy: { value: '{{ env.API_KEY }}' } },
  cache: { enabled: true },
});

function setup(tracer: Tracer, connectorError?: string) {
  return createMemoryPorts({
    tools: { ws_trace: [tool] },
    secrets: { ws_trace: { ORG: 'org-secret-value', API_KEY: 'api-key-value' } },
    connector: () => {
      if (connectorError) throw new Error(connectorError);
      return { rows: [{ id: 1 }] };
    },
    cache: true,
    tracer,
  });
}

const request = (email: string, parent?: Context) =>
  createTestRequest(
    'find-user',
    { email },
    {
      workspace: { id: 'ws_trace' },
      caller: {
        headers: { 'x-api-key': 'api-key-value', authorization: 'Bearer tp_live_token' },
        token: { id: 'tok_9', tools: 'all', scopes: [] },
      },
      ...(parent === undefined ? {} : { traceContext: parent }),
    },
  );

describe('tracing', () => {
  it('records a span per call and a child span per stage', async () => {
    const tracer = recordingTracer();
    await executeToolCall(request('ann@example.com'), setup(tracer));
    const [call, ...stages] = tracer.spans;
    expect(call?.name).toBe(CALL_SPAN_NAME);
    expect(stages.map((s) => s.name)).toEqual([
      'toolplane.resolve',
      'toolplane.auth',
      'toolplane.input_transform',
      'toolplane.input_validation',
      'toolplane.env_substitution',
      'toolplane.input_substitution',
      'toolplane.cache_check',
      'toolplane.connector',
      'toolplane.cache_store',
      'toolplane.serialization',
    ]);
    expect(tracer.spans.every((s) => s.ended)).toBe(true);
    for (const stage of stages) {
      expect(stage.parentId).toBe(call?.id);
      expect(stage.attributes).toMatchObject({
        'toolplane.workspace': 'ws_trace',
        'toolplane.tool': 'find-user',
        'toolplane.stage': stage.name.slice('toolplane.'.length),
        'toolplane.outcome': 'ok',
      });
      expect(typeof stage.attributes['toolplane.duration_ms']).toBe('number');
    }
    expect(call?.attributes).toMatchObject({
      'toolplane.workspace': 'ws_trace',
      'toolplane.tool': 'find-user',
      'toolplane.cache_hit': false,
      'toolplane.connector_type': 'postgres',
      'toolplane.outcome': 'ok',
    });
  });

  it('marks the failing stage and the call', async () => {
    const tracer = recordingTracer();
    await executeToolCall(request('ann@example.com'), setup(tracer, 'deadlock detected'));
    const connector = tracer.spans.find((s) => s.name === 'toolplane.connector');
    expect(connector?.status).toEqual({ code: SpanStatusCode.ERROR, message: 'CONNECTOR_FAILED' });
    expect(connector?.attributes['toolplane.outcome']).toBe('error');
    const call = tracer.spans[0];
    expect(call?.attributes).toMatchObject({
      'toolplane.outcome': 'error',
      'toolplane.error_code': 'CONNECTOR_FAILED',
    });
  });

  it('records the cache hit', async () => {
    const tracer = recordingTracer();
    const ports = setup(tracer);
    await executeToolCall(request('ann@example.com'), ports);
    tracer.spans.length = 0;
    await executeToolCall(request('ann@example.com'), ports);
    expect(tracer.spans[0]?.attributes['toolplane.cache_hit']).toBe(true);
    expect(tracer.spans.some((s) => s.name === 'toolplane.connector')).toBe(false);
  });

  it('never records inputs, secrets, tokens or messages', async () => {
    const tracer = recordingTracer();
    const email = 'very-private@example.com';
    await executeToolCall(request(email), setup(tracer, `duplicate key ${email}`));
    await executeToolCall(
      createTestRequest(
        'find-user',
        { email: 'x', extra_field: 'unknown-key-value' },
        {
          workspace: { id: 'ws_trace' },
          caller: {
            headers: { 'x-api-key': 'api-key-value' },
            token: { id: 'tok_9', tools: 'all', scopes: [] },
          },
        },
      ),
      setup(tracer),
    );
    const recorded = JSON.stringify(tracer.spans);
    for (const secret of [
      email,
      'very-private',
      'unknown-key-value',
      'extra_field',
      'org-secret-value',
      'api-key-value',
      'tp_live_token',
      'duplicate key',
    ]) {
      expect(recorded).not.toContain(secret);
    }
  });

  it('nests the call span under the given trace context', async () => {
    const tracer = recordingTracer();
    const parent = tracer.startSpan('http.request');
    await executeToolCall(request('a@b.c', trace.setSpan(context.active(), parent)), setup(tracer));
    expect(tracer.spans[1]?.name).toBe(CALL_SPAN_NAME);
    expect(tracer.spans[1]?.parentId).toBe(parent.spanContext().spanId);
  });
});
