import { describe, expect, it, vi } from 'vitest';

// Validation fails before any database use, so no database is needed here.
vi.mock('../../server/service-deps', () => ({ getServiceDeps: () => ({}) }));
vi.mock('../lib/auth', () => ({ signIn: vi.fn(), signOut: vi.fn(), auth: vi.fn(), handlers: {} }));

const { signUpAction } = await import('./actions');

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
    expect(JSON.stringify(state)).not.toContain('short');
  });
});
