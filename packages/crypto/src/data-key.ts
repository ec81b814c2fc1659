import { randomBytes } from 'node:crypto';
import { assertAad, assertKey, KEY_BYTES, malformed, open, seal } from './aes-gcm';
import { CryptoError } from './crypto-error';
import type { MasterKey } from './master-key';

// Wrapped form: "v1.<masterId>.<b64url(iv|ct|tag)>". The version and master id are bound into
// the GCM AAD with the caller's context, so neither can be swapped without failing the tag.

const WRAPPED = /^v1\.([0-9a-f]{16})\.([A-Za-z0-9_-]+)$/;

/** A fresh 32-byte data key, one per workspace. */
export function generateDataKey(): Uint8Array {
  return new Uint8Array(randomBytes(KEY_BYTES));
}

export function wrapDataKey(dataKey: Uint8Array, master: MasterKey, aad: string): string {
  assertKey(dataKey, 'data key');
  assertKey(master.key, 'master key');
  assertAad(aad);
  return `v1.${master.id}.${seal(master.key, dataKey, wrapAad(master.id, aad))}`;
}

/** Unwraps with whichever of `masters` wrapped it (by id), so a rotation can hold old and new. */
export function unwrapDataKey(
  wrapped: string,
  masters: MasterKey | readonly MasterKey[],
  aad: string,
): Uint8Array {
  assertAad(aad);
  const match = typeof wrapped === 'string' ? WRAPPED.exec(wrapped) : null;
  if (!match) throw malformed('wrapped data key must look like v1.<masterId>.<payload>');
  const [, masterId = '', sealed = ''] = match;
  const list: readonly MasterKey[] = Array.isArray(masters) ? masters : [masters as MasterKey];
  const master = list.find((candidate) => candidate.id === masterId);
  if (!master) {
    // The id is a public fingerprint, so naming it helps an operator find the missing key.
    throw new CryptoError(
      'UNKNOWN_MASTER_KEY',
      `data key is wrapped by master key ${masterId}, which is not configured`,
    );
  }
  const dataKey = open(master.key, sealed, wrapAad(masterId, aad));
  if (dataKey.length !== KEY_BYTES) {
    dataKey.fill(0);
    throw malformed(`wrapped data key does not hold ${KEY_BYTES} bytes`);
  }
  const copy = new Uint8Array(dataKey);
  dataKey.fill(0);
  return copy;
}

/** Master-key rotation: the same data key under `to`; values encrypted with it are untouched. */
export function rewrapDataKey(
  wrapped: string,
  from: MasterKey | readonly MasterKey[],
  to: MasterKey,
  aad: string,
): string {
  const dataKey = unwrapDataKey(wrapped, from, aad);
  try {
    return wrapDataKey(dataKey, to, aad);
  } finally {
    dataKey.fill(0);
  }
}

function wrapAad(masterId: string, aad: string): string {
  return `toolplane:data-key:v1:${masterId}:${aad}`;
}
