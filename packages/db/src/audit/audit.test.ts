import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbFixture, type DbFixture } from '../test-support/create-db-fixture';
import { listAuditEvents } from './list-audit-events';
import { recordAuditEvent } from './record-audit-event';
import { REDACTED, redactForAudit } from './redact-for-audit';

let f: DbFixture;
beforeAll(async () => {
  f = await createDbFixture();
});
afterAll(() => f.close());

describe('redactForAudit', () => {
  it('hides credentials at any depth and keeps the rest', () => {
    expect(
      redactForAudit({
        name: 'API_KEY',
        value: 'sk-live',
        version: 2,
        connector: { url: 'postgres://u:p@h/db', urlSecretRef: 'DB_URL', options: { ssl: true } },
        tokenHash: 'abc',
        tokenRateLimitPerMinute: 60,
        headers: [{ authorization: 'Bearer x' }],
        password_hash: 'h',
        when: new Date('2030-01-01T00:00:00Z'),
        nothing: null,
      }),
    ).toEqual({
      name: 'API_KEY',
      value: REDACTED,
      version: 2,
      connector: { url: REDACTED, urlSecretRef: 'DB_URL', options: { ssl: true } },
      tokenHash: REDACTED,
      tokenRateLimitPerMinute: 60,
      headers: [{ authorization: REDACTED }],
      password_hash: REDACTED,
      when: '2030-01-01T00:00:00.000Z',
      nothing: null,
    });
    expect(redactForAudit({ statement: 'x' }, ['statement'])).toEqual({ statement: REDACTED });
  });
});

describe('audit events', () => {
  it('records redacted snapshots and lists per workspace', async () => {
    await recordAuditEvent(f.db, f.a.id, {
      actorUserId: f.owner.id,
      action: 'secret.rotate',
      targetType: 'secret',
      targetId: 'sec_1',
      before: { name: 'API_KEY', value: 'old-plain', version: 1 },
      after: { name: 'API_KEY', value: 'new-plain', version: 2 },
      requestId: 'req-1',
    });
    await recordAuditEvent(f.db, f.b.id, {
      actorUserId: null,
      action: 'tool.create',
      targetType: 'tool',
    });
    const raw = JSON.stringify(await f.sql('SELECT * FROM audit_events'));
    expect(raw).not.toContain('plain');
    const a = await listAuditEvents(f.db, f.a.id);
    expect(a).toMatchObject([
      {
        action: 'secret.rotate',
        after: { name: 'API_KEY', value: REDACTED, version: 2 },
        actorUserId: f.owner.id,
      },
    ]);
    expect((await listAuditEvents(f.db, f.b.id)).map((e) => e.action)).toEqual(['tool.create']);
    expect(await listAuditEvents(f.db, f.a.id, { targetType: 'tool' })).toEqual([]);
  });
});
