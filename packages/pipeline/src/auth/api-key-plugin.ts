import type { AuthPlugin } from './auth-plugin';
import type { CompiledAuth } from './compiled-auth';
import { constantTimeEqual } from './constant-time-equal';
import { denyAuth } from './deny-auth';

/** Compares a header (default X-API-Key) with the policy value in constant time. */
export const apiKeyPlugin: AuthPlugin<Extract<CompiledAuth, { plugin: 'api_key' }>> = async (
  context,
  policy,
  deps,
) => {
  const sent = context.headers[policy.header];
  if (sent === undefined || sent === '') throw denyAuth(`missing ${policy.header} header`);
  const expected = await deps.resolveTemplate(policy.value);
  if (!constantTimeEqual(sent, expected)) throw denyAuth('invalid API key');
};
