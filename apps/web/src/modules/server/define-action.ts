import { randomUUID } from 'node:crypto';
import {
  type ActionId,
  openWorkspace,
  ServiceError,
  type WorkspaceActionId,
  type WorkspaceContext,
} from '@toolplane/services';
import { unstable_rethrow } from 'next/navigation';
import { type CurrentUser, getCurrentUser } from '../auth/lib/get-current-user';
import type { ActionState } from './action-state';
import { readFormText } from './read-form';
import { getServiceDeps } from './service-deps';
import { toActionState } from './to-action-state';

type FormAction<T> = (previous: ActionState<T>, formData: FormData) => Promise<ActionState<T>>;

/**
 * Which registry entry each server action was defined with. The registry test imports every
 * `actions.ts` and fails on an exported function missing from this map.
 */
const registered = new WeakMap<object, ActionId>();

export function registryEntryOf(fn: unknown): ActionId | undefined {
  return typeof fn === 'function' ? registered.get(fn) : undefined;
}

function register<T>(action: ActionId, fn: FormAction<T>): FormAction<T> {
  registered.set(fn, action);
  return fn;
}

async function guarded<T>(run: () => Promise<ActionState<T>>, requestId: string) {
  try {
    return await run();
  } catch (error) {
    unstable_rethrow(error); // redirect() and notFound() are control flow, not failures
    return toActionState(error, requestId) as ActionState<T>;
  }
}

const SIGNED_OUT: ActionState<never> = {
  ok: false,
  code: 'UNAUTHENTICATED',
  formMessage: { tone: 'error', text: 'Your session has ended. Sign in again to continue.' },
};

/** An action anyone may call (sign-in, sign-up, password reset). */
export function definePublicAction<T>(
  action: ActionId,
  run: (formData: FormData, requestId: string) => Promise<ActionState<T>>,
): FormAction<T> {
  return register(action, async (_previous, formData) => {
    const requestId = randomUUID();
    return guarded(() => run(formData, requestId), requestId);
  });
}

/** An action of a signed-in user that is not about one workspace (create workspace, account). */
export function defineUserAction<T>(
  action: ActionId,
  run: (user: CurrentUser, formData: FormData) => Promise<ActionState<T>>,
): FormAction<T> {
  return register(action, async (_previous, formData) => {
    const user = await getCurrentUser();
    if (!user) return SIGNED_OUT;
    return guarded(() => run(user, formData), user.requestId);
  });
}

/**
 * An action inside the workspace the form names (`workspace` field = slug). The user's role is
 * checked against the registry before the form is even parsed — a forged request from a lower
 * role is refused whatever it contains — and again inside the service function.
 */
export function defineWorkspaceAction<T>(
  action: WorkspaceActionId,
  run: (ctx: WorkspaceContext, formData: FormData) => Promise<ActionState<T>>,
): FormAction<T> {
  return register(action, async (_previous, formData) => {
    const user = await getCurrentUser();
    if (!user) return SIGNED_OUT;
    return guarded(async () => {
      const ctx = await openWorkspace(
        getServiceDeps(),
        user,
        readFormText(formData, 'workspace'),
        action,
      );
      return run(ctx, formData);
    }, user.requestId);
  });
}

export function invalid(
  fieldErrors: Record<string, string>,
  text = 'Check the highlighted fields.',
): never {
  throw new ServiceError('INVALID', text, { fieldErrors });
}

export { randomUUID };
