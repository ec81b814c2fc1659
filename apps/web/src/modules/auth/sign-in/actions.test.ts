import { describe, expect, it, vi } from 'vitest';

class CredentialsSignin extends Error {
  code = 'wrong';
}
const signIn = vi.fn();
vi.mock('next-auth', () => ({ AuthError: class extends Error {}, CredentialsSignin }));
vi.mock('../lib/auth', () => ({ signIn, signOut: vi.fn(), auth: vi.fn(), handlers: {} }));

const { signInAction } = await import('./actions');

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe('signInAction', () => {
  it('names each invalid field and keeps the email, never the password', async () => {
    const state = await signInAction({}, form({ email: 'not-an-email', password: '' }));
    expect(state.fieldErrors).toEqual({
      email: 'Enter a valid email address, like you@company.com.',
      password: 'Enter your password.',
    });
    expect(state.values).toEqual({ email: 'not-an-email' });
    expect(signIn).not.toHaveBeenCalled();
  });

  it('maps refused credentials and lock-outs to plain messages, and only redirects on-site', async () => {
    signIn.mockRejectedValueOnce(new CredentialsSignin());
    const wrong = await signInAction(
      {},
      form({ email: 'ada@example.com', password: 'x', next: '//evil.example' }),
    );
    expect(wrong.formMessage).toEqual({
      tone: 'error',
      text: 'That email and password do not match an account.',
    });
    expect(signIn).toHaveBeenLastCalledWith(
      'credentials',
      expect.objectContaining({ redirectTo: '/' }),
    );
    const locked = Object.assign(new CredentialsSignin(), { code: 'locked' });
    signIn.mockRejectedValueOnce(locked);
    const lockedState = await signInAction(
      {},
      form({ email: 'ada@example.com', password: 'x', next: '/w/acme/tools' }),
    );
    expect(lockedState.formMessage?.text).toMatch(/Too many failed attempts/);
    expect(signIn).toHaveBeenLastCalledWith(
      'credentials',
      expect.objectContaining({ redirectTo: '/w/acme/tools' }),
    );
    expect(JSON.stringify(lockedState)).not.toContain('"x"');
  });
});
