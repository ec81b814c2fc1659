import type { ActionId } from '@toolplane/services';

const routes = new WeakMap<object, ActionId>();

/**
 * Marks a route handler with its registry entry (the registry test fails on a route.ts export
 * without one). Workspace routes (the REST API) authorize inside, through the service layer.
 */
export function defineRoute<H extends (...args: never[]) => unknown>(
  action: ActionId,
  handler: H,
): H {
  const wrapped = ((...args: Parameters<H>) => handler(...args)) as H;
  routes.set(wrapped, action);
  return wrapped;
}

export function routeEntryOf(fn: unknown): ActionId | undefined {
  return typeof fn === 'function' ? routes.get(fn) : undefined;
}
