import { describe, expect, it } from 'vitest';
import { signUpAction } from './actions';

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe('signUpAction', () => {
  it('names each invalid field and keeps name and email, never the password', async () => {
    const state = await signUpAction({}, form({ name: ' ', email: 'ada@', password: 'short' }));
    expect(state.fieldErrors).toEqual({
      name: 'Enter your name.',
      email: 'Enter a valid email address, like you@company.com.',
      password: 'Use at least 12 characters.',
    });
    expect(state.values).toEqual({ name: ' ', email: 'ada@' });
  });

  it('says plainly that accounts are not available yet', async () => {
    const state = await signUpAction(
      {},
      form({ name: 'Ada', email: 'ada@example.com', password: 'a long enough password' }),
    );
    expect(state.fieldErrors).toBeUndefined();
    expect(state.formMessage?.text).toMatch(/^Creating accounts is not available yet/);
    expect(JSON.stringify(state)).not.toContain('a long enough password');
  });
});
