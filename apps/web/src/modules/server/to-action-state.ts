import { ServiceError } from '@toolplane/services';
import type { ActionState } from './action-state';

/**
 * Expected errors (ServiceError) become a form state with their safe message and field errors;
 * anything else is logged with the request id and reaches the user as a generic message with
 * that reference.
 */
export function toActionState(error: unknown, requestId: string): ActionState<never> {
  if (error instanceof ServiceError) {
    return {
      ok: false,
      code: error.code,
      formMessage: { tone: 'error', text: error.message },
      fieldErrors: { ...error.fieldErrors },
    };
  }
  console.error(`toolplane-web: action failed (request ${requestId})`, error);
  return {
    ok: false,
    code: 'INTERNAL',
    formMessage: {
      tone: 'error',
      text: `Something went wrong on our side. Try again; if it persists, contact support with reference ${requestId}.`,
    },
  };
}
