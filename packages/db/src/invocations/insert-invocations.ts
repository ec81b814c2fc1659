import type { Db } from '../client';
import type { InvocationStatus } from '../generated/prisma/enums';
import { newId } from '../ids';
import { type JsonValue, json, nullableJson } from '../json';

export interface InvocationInput {
  workspaceId: string;
  toolName: string;
  toolId?: string | null;
  toolVersion?: number | null;
  tokenId?: string | null;
  userId?: string | null;
  status: InvocationStatus;
  errorCode?: string | null;
  errorStage?: string | null;
  errorMessage?: string | null;
  durationMs: number;
  stageTimings?: Record<string, number>;
  cacheHit?: boolean;
  console?: JsonValue[];
  /** Only when the workspace records payloads; already redacted by the caller. */
  inputs?: JsonValue;
  resultPreview?: JsonValue;
  requestId: string;
  createdAt?: Date;
}

/**
 * Writes a batch of invocation records (the runtime buffers them off the hot path and flushes
 * periodically; one INSERT per batch). Returns how many were written.
 */
export async function insertInvocations(
  db: Db,
  invocations: readonly InvocationInput[],
): Promise<number> {
  if (invocations.length === 0) return 0;
  const { count } = await db.invocation.createMany({
    data: invocations.map((call) => {
      const createdAt = call.createdAt ?? new Date();
      return {
        id: newId('call', createdAt.getTime()),
        workspaceId: call.workspaceId,
        toolName: call.toolName,
        toolId: call.toolId ?? null,
        toolVersion: call.toolVersion ?? null,
        tokenId: call.tokenId ?? null,
        userId: call.userId ?? null,
        status: call.status,
        errorCode: call.errorCode ?? null,
        errorStage: call.errorStage ?? null,
        errorMessage: call.errorMessage ?? null,
        durationMs: Math.max(0, Math.round(call.durationMs)),
        stageTimings: json(call.stageTimings ?? {}),
        cacheHit: call.cacheHit ?? false,
        console: json(call.console ?? []),
        inputs: nullableJson(call.inputs ?? null),
        resultPreview: nullableJson(call.resultPreview ?? null),
        requestId: call.requestId,
        createdAt,
      };
    }),
  });
  return count;
}
