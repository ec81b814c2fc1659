import {
  createLocalJWKSet,
  type JSONWebKeySet,
  type JWTVerifyGetKey,
  type JWTVerifyOptions,
  jwtVerify,
} from 'jose';
import { PipelineError } from '../errors/pipeline-error';
import type { JsonWebKeySet } from '../ports/pipeline-ports';
import type { AuthDeps, AuthPlugin } from './auth-plugin';
import type { CompiledAuth } from './compiled-auth';
import { denyAuth } from './deny-auth';

type JwtAuth = Extract<CompiledAuth, { plugin: 'jwt' }>;

const encoder = new TextEncoder();
// The JWKS port hands back the same document object until it refetches, so the imported keys
// of a document are reused across calls instead of being imported on every verification.
const keySets = new WeakMap<JsonWebKeySet, JWTVerifyGetKey>();

const REASONS: Record<string, string> = {
  ERR_JWT_EXPIRED: 'the token has expired',
  ERR_JWS_SIGNATURE_VERIFICATION_FAILED: 'the token signature is invalid',
  ERR_JWS_INVALID: 'the token is malformed',
  ERR_JWT_INVALID: 'the token is malformed',
  ERR_JOSE_ALG_NOT_ALLOWED: 'the token algorithm is not allowed',
  ERR_JWKS_NO_MATCHING_KEY: 'no key in the JWKS matches the token',
  ERR_JWKS_MULTIPLE_MATCHING_KEYS: 'several keys in the JWKS match the token',
  ERR_JOSE_NOT_SUPPORTED: 'the token uses an unsupported algorithm or key',
  ERR_JWKS_INVALID: 'the JWKS is invalid',
};

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

function deny(error: unknown): PipelineError {
  const code = codeOf(error);
  if (code === 'ERR_JWT_CLAIM_VALIDATION_FAILED') {
    // jose's messages here name the claim and the check, never the token or key.
    return denyAuth(`the token ${(error as Error).message}`, error);
  }
  return denyAuth(REASONS[code ?? ''] ?? 'the token is invalid', error);
}

function localKeySet(document: JsonWebKeySet): JWTVerifyGetKey {
  let keySet = keySets.get(document);
  if (keySet === undefined) {
    keySet = createLocalJWKSet(document as JSONWebKeySet);
    keySets.set(document, keySet);
  }
  return keySet;
}

async function keySetFor(deps: AuthDeps, url: string, refresh: boolean): Promise<JsonWebKeySet> {
  if (deps.jwks === undefined) {
    throw new PipelineError('AUTH_UNAVAILABLE', 'auth', 'JWKS retrieval is not configured');
  }
  try {
    return await deps.jwks.getKeySet(url, { refresh });
  } catch (error) {
    throw new PipelineError(
      'AUTH_UNAVAILABLE',
      'auth',
      `the JWKS at ${url} could not be retrieved`,
      {
        cause: error,
      },
    );
  }
}

/**
 * Verifies a JWT from a header (default X-Client-Authorization, since Authorization carries
 * the Toolplane token; a `Bearer ` prefix is accepted) with jose: an HS256/384/512 secret or a
 * JWKS fetched through the JWKS port (refetched once when no key matches, for rotation);
 * expiry is required, issuer, audience and required claims are checked, with clock tolerance.
 */
export const jwtPlugin: AuthPlugin<JwtAuth> = async (context, policy, deps) => {
  const raw = context.headers[policy.header]?.trim();
  if (raw === undefined || raw === '') throw denyAuth(`missing ${policy.header} header`);
  const token = raw.replace(/^bearer\s+/i, '');
  const options: JWTVerifyOptions = {
    algorithms: [...policy.algorithms],
    clockTolerance: policy.clockToleranceSeconds,
    requiredClaims: ['exp', ...policy.requiredClaims],
    currentDate: new Date(deps.clock.epochMs()),
  };
  if (policy.issuer !== undefined) options.issuer = policy.issuer;
  if (policy.audience !== undefined) options.audience = [...policy.audience];

  if (policy.key.kind === 'secret') {
    const secret = await deps.resolveTemplate(policy.key.secret);
    try {
      await jwtVerify(token, encoder.encode(secret), options);
    } catch (error) {
      throw deny(error);
    }
    return;
  }
  const { url } = policy.key;
  try {
    await jwtVerify(token, localKeySet(await keySetFor(deps, url, false)), options);
  } catch (error) {
    if (error instanceof PipelineError) throw error;
    if (codeOf(error) !== 'ERR_JWKS_NO_MATCHING_KEY') throw deny(error);
    try {
      await jwtVerify(token, localKeySet(await keySetFor(deps, url, true)), options);
    } catch (retryError) {
      if (retryError instanceof PipelineError) throw retryError;
      throw deny(retryError);
    }
  }
};
