import { isId } from '@toolplane/db';
import { ServiceError } from '../service-error';

export interface AuditCursor {
  createdAt: Date;
  id: string;
}

/** Opaque to clients: the (created_at, id) of the last event on the page they read. */
export function encodeAuditCursor(position: AuditCursor): string {
  return Buffer.from(`${position.createdAt.toISOString()}|${position.id}`, 'utf8').toString(
    'base64url',
  );
}

/**
 * The position a cursor names, or an INVALID error naming `cursor`: a hand-edited or truncated
 * cursor is the client's mistake, and must not silently restart the walk at the newest event
 * (a script walking the log would loop) nor reach the query as an unparsed value.
 */
export function decodeAuditCursor(cursor: string): AuditCursor {
  const text = /^[A-Za-z0-9_-]{1,512}$/.test(cursor)
    ? Buffer.from(cursor, 'base64url').toString('utf8')
    : '';
  const [time = '', id = '', ...extra] = text.split('|');
  const createdAt = new Date(time);
  const iso = Number.isNaN(createdAt.getTime()) ? null : createdAt.toISOString();
  if (extra.length > 0 || iso !== time || !isId('aud', id)) {
    const message = 'The cursor is not one this list returned.';
    throw new ServiceError('INVALID', message, {
      fieldErrors: { cursor: 'Pass the nextCursor of the previous page, unchanged.' },
    });
  }
  return { createdAt, id };
}
