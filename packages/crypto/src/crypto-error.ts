export type CryptoErrorCode = 'DECRYPT_FAILED' | 'UNKNOWN_MASTER_KEY' | 'MALFORMED';

/**
 * The one error this package throws. Messages are fixed strings chosen here: they never carry key
 * material, plaintext or the rejected input, so they are safe to log.
 */
export class CryptoError extends Error {
  readonly code: CryptoErrorCode;
  constructor(code: CryptoErrorCode, message: string) {
    super(message);
    this.name = 'CryptoError';
    this.code = code;
  }
}
