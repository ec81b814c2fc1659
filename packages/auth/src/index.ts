// @toolplane/auth — passwords, session claims and runtime tokens. Framework-free: the Next app
// wires these into Auth.js; the REST API and CLI reuse them.
export { ARGON2_OPTIONS, hashPassword } from './hash-password';
export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordProblem } from './password-problem';
export {
  MAX_RUNTIME_TOKEN_SECONDS,
  type MintRuntimeTokenInput,
  mintRuntimeToken,
  RUNTIME_TOKEN_PREFIX,
  type RuntimeTokenClaims,
  verifyRuntimeToken,
} from './runtime-token';
export { readSessionClaims, SESSION_MAX_AGE_SECONDS, type SessionClaims } from './session-claims';
export { verifyPassword } from './verify-password';
