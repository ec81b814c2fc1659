import { describe, expect, it } from 'vitest';
import { signInAction } from './actions';

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
    expect(state.formMessage).toBeUndefined();
  });

  it('asks for a missing email', async () => {
    const state = await signInAction({}, form({ password: 'secret' }));
    expect(state.fieldErrors).toEqual({ email: 'Enter your email address.' });
  });

  it('says plainly that sign-in is not available yet instead of pretending to succeed', async () => {
    const state = await signInAction(
      {},
      form({ email: ' ada@example.com ', password: 'correct horse battery staple' }),
    );
    expect(state.fieldErrors).toBeUndefined();
    expect(state.formMessage).toEqual({
      tone: 'notice',
      text: expect.stringMatching(/^Sign-in is not available yet/),
    });
    expect(JSON.stringify(state)).not.toContain('correct horse');
  });
});
