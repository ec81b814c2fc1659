import type { Db } from '../client';
import type { AuditEvent } from '../generated/prisma/client';
import { newId } from '../ids';
import { nullableJson } from '../json';
import { redactForAudit } from './redact-for-audit';

export interface AuditEventInput {
  actorUserId: string | null;
  /** Verb-noun, e.g. "tool.update", "secret.rotate", "token.revoke". */
  action: string;
  targetType: string;
  targetId?: string | null;
  /** Snapshots; redacted here whatever the caller passes. */
  before?: unknown;
  after?: unknown;
  requestId?: string | null;
  /** More key names to redact besides the built-in ones. */
  redactKeys?: readonly string[];
}

/** Records who changed what. Call it in the same transaction as the change. */
export async function recordAuditEvent(
  db: Db,
  workspaceId: string,
  input: AuditEventInput,
): Promise<AuditEvent> {
  const redact = (value: unknown) =>
    value === undefined || value === null ? null : redactForAudit(value, input.redactKeys);
  return db.auditEvent.create({
    data: {
      id: newId('aud'),
      workspaceId,
      actorUserId: input.actorUserId,
      action: input.action,
      targetType: input.targetType,
      targetId: input.targetId ?? null,
      before: nullableJson(redact(input.before)),
      after: nullableJson(redact(input.after)),
      requestId: input.requestId ?? null,
    },
  });
}
