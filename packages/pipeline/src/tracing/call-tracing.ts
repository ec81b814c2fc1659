import {
  type Attributes,
  type Context,
  context,
  type Span,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import type { PipelineStage } from '../errors/pipeline-stage';
import { SPAN_ATTRIBUTES as A, CALL_SPAN_NAME } from './span-attributes';

export interface CallSummary {
  outcome: 'ok' | 'error';
  durationMs: number;
  cacheHit: boolean | undefined;
  connectorType: string | undefined;
  errorCode: string | undefined;
}

/** The spans of one call: a parent for the call and a child per stage. */
export interface CallTracing {
  startStage(stage: PipelineStage): Span;
  endStage(span: Span, durationMs: number, errorCode: string | undefined): void;
  endCall(summary: CallSummary): void;
}

export function startCallTracing(
  tracer: Tracer,
  workspaceId: string,
  toolName: string,
  parent: Context | undefined,
): CallTracing {
  const base: Attributes = { [A.workspace]: workspaceId, [A.tool]: toolName };
  const parentContext = parent ?? context.active();
  const callSpan = tracer.startSpan(CALL_SPAN_NAME, { attributes: base }, parentContext);
  const callContext = trace.setSpan(parentContext, callSpan);
  return {
    startStage(stage) {
      return tracer.startSpan(
        `toolplane.${stage}`,
        { attributes: { ...base, [A.stage]: stage } },
        callContext,
      );
    },
    endStage(span, durationMs, errorCode) {
      span.setAttribute(A.durationMs, durationMs);
      span.setAttribute(A.outcome, errorCode === undefined ? 'ok' : 'error');
      if (errorCode !== undefined) {
        span.setAttribute(A.errorCode, errorCode);
        span.setStatus({ code: SpanStatusCode.ERROR, message: errorCode });
      }
      span.end();
    },
    endCall(summary) {
      callSpan.setAttribute(A.durationMs, summary.durationMs);
      callSpan.setAttribute(A.outcome, summary.outcome);
      if (summary.cacheHit !== undefined) callSpan.setAttribute(A.cacheHit, summary.cacheHit);
      if (summary.connectorType !== undefined) {
        callSpan.setAttribute(A.connectorType, summary.connectorType);
      }
      if (summary.errorCode !== undefined) {
        callSpan.setAttribute(A.errorCode, summary.errorCode);
        callSpan.setStatus({ code: SpanStatusCode.ERROR, message: summary.errorCode });
      }
      callSpan.end();
    },
  };
}
