import { verify } from '@node-rs/argon2';
import { hashPassword } from './hash-password';

// Verified against when the account does not exist or has no password, so an unknown email
// costs the same time as a wrong password (no account enumeration by timing).
let dummyHash: Promise<string> | undefined;

/** Whether `password` matches the PHC `passwordHash`; a null hash never matches. */
export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword('toolplane-dummy-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
