import { createHash, createHmac } from 'node:crypto';
import { decryptValue, encryptValue } from '@toolplane/crypto';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  pruneIdempotencyKeys,
  releaseIdempotencyKey,
} from '@toolplane/db';
import type { ServiceDeps } from '@toolplane/services';
import { ProblemError, problem } from './problem';

/** Replays are kept a day, as Stripe does: long enough for any client's retry loop. */
const REPLAY_TTL_MS = 24 * 60 * 60_000;
const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;

interface StoredResponse {
  status: number;
  contentType: string;
  body: string;
}

/**
 * Runs a create at most once per Idempotency-Key: the same key with the same body replays the
 * stored response (`Idempotent-Replayed: true`), with another body is 422, and while the first
 * request still runs is 409. Only successes are stored; a failure releases the key so a retry
 * runs again. Stored responses may hold a token shown once, so they are encrypted (AES-GCM with
 * a key derived from the master key); one that no longer decrypts (master key rotated) is
 * treated as gone.
 */
export async function withIdempotency(
  deps: ServiceDeps,
  input: { scope: string; key: string; body: unknown },
  run: () => Promise<Response>,
): Promise<Response> {
  if (!KEY_SHAPE.test(input.key)) {
    throw new ProblemError(
      problem(400, 'INVALID', 'Idempotency-Key must be 1–255 visible ASCII characters.', {
        errors: [{ field: 'Idempotency-Key', reason: 'Use 1–255 visible ASCII characters.' }],
      }),
    );
  }
  const requestHash = createHash('sha256')
    .update(JSON.stringify(input.body ?? null))
    .digest('hex');
  // Expired records are otherwise removed only when their key is reused; about one create in a
  // hundred sweeps them, which keeps the table near one day of creates without a scheduler.
  if (Math.random() < 0.01) await pruneIdempotencyKeys(deps.db).catch(() => undefined);
  const claim = await claimIdempotencyKey(deps.db, {
    scope: input.scope,
    key: input.key,
    requestHash,
    ttlMs: REPLAY_TTL_MS,
  });
  const aad = `idempotency:${input.scope}:${input.key}`;
  const secretKey = createHmac('sha256', deps.keyring.current.key)
    .update('toolplane:idempotency-responses')
    .digest();
  if (claim.state === 'mismatch') {
    throw new ProblemError(
      problem(
        422,
        'INVALID',
        'This Idempotency-Key was used with a different request body. Use a new key.',
        { errors: [{ field: 'Idempotency-Key', reason: 'Reused with a different body.' }] },
      ),
    );
  }
  if (claim.state === 'in-flight') {
    throw new ProblemError(
      problem(
        409,
        'CONFLICT',
        'A request with this Idempotency-Key is still running. Retry later.',
        {
          headers: { 'Retry-After': '1' },
        },
      ),
    );
  }
  if (claim.state === 'replay') {
    let stored: StoredResponse;
    try {
      stored = JSON.parse(decryptValue(claim.response, secretKey, aad)) as StoredResponse;
    } catch {
      throw new ProblemError(
        problem(409, 'CONFLICT', 'This Idempotency-Key can no longer be replayed. Use a new key.'),
      );
    }
    return new Response(stored.body, {
      status: stored.status,
      headers: {
        'Content-Type': stored.contentType,
        'Cache-Control': 'no-store',
        'Idempotent-Replayed': 'true',
      },
    });
  }
  let response: Response;
  try {
    response = await run();
  } catch (error) {
    await releaseIdempotencyKey(deps.db, claim.id).catch(() => undefined);
    throw error;
  }
  if (response.status < 200 || response.status >= 300) {
    await releaseIdempotencyKey(deps.db, claim.id);
    return response;
  }
  const body = await response.text();
  const stored: StoredResponse = {
    status: response.status,
    contentType: response.headers.get('content-type') ?? 'application/json',
    body,
  };
  await completeIdempotencyKey(
    deps.db,
    claim.id,
    response.status,
    encryptValue(JSON.stringify(stored), secretKey, aad),
  );
  return new Response(body, { status: response.status, headers: response.headers });
}
