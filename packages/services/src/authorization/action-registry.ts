import type { MemberRole } from '@toolplane/db';

/**
 * Every server action and API route names one entry of this registry; its roles are checked on
 * the server before anything else runs (`authorize`), by the dashboard and the REST API alike.
 * Tests enumerate the dashboard's actions and routes and fail when one has no entry, and run
 * every entry × every role.
 *
 * `public`: no session (sign-in, sign-up, password reset). `user`: any signed-in user, not tied
 * to a workspace. Otherwise the roles of the workspace the request names.
 */
export const ROLES = [
  'owner',
  'admin',
  'editor',
  'viewer',
] as const satisfies readonly MemberRole[];

const everyone = ['owner', 'admin', 'editor', 'viewer'] as const;
const editors = ['owner', 'admin', 'editor'] as const;
const admins = ['owner', 'admin'] as const;
const owners = ['owner'] as const;

type Access = 'public' | 'user' | readonly MemberRole[];

export const ACTIONS = {
  // System
  'system.health': 'public',
  'auth.handler': 'public',
  'dev.outbox': 'public',
  // Accounts (no workspace)
  'account.sign-up': 'public',
  'account.sign-in': 'public',
  'account.request-password-reset': 'public',
  'account.reset-password': 'public',
  'account.sign-out': 'user',
  'account.change-password': 'user',
  'invitation.accept': 'user',
  'workspace.create': 'user',
  'workspace.list-mine': 'user',
  // REST API (personal access tokens act for their user)
  'api.reference': 'public',
  'account.read': 'user',
  'pat.list': 'user',
  'pat.create': 'user',
  'pat.revoke': 'user',
  // Workspace
  'workspace.read': everyone,
  'workspace.update-settings': admins,
  'workspace.delete': owners,
  'member.list': everyone,
  'member.invite': admins,
  'member.revoke-invitation': admins,
  'member.set-role': admins,
  'member.remove': admins,
  'member.leave': everyone,
  // Definitions
  'connector.list': everyone,
  'connector.create': editors,
  'connector.update': editors,
  'connector.delete': editors,
  'connector.test': editors,
  'secret.list': everyone,
  'secret.set': editors,
  'secret.rotate': editors,
  'secret.delete': editors,
  'policy.list': everyone,
  'policy.create': editors,
  'policy.update': editors,
  'policy.delete': editors,
  'tool.list': everyone,
  'tool.read': everyone,
  'tool.create': editors,
  'tool.update': editors,
  'tool.delete': editors,
  'tool.rollback': editors,
  'playground.run': editors,
  /** A short-lived runtime token for the CLI's `tools call`: the playground's rights. */
  'runtime-token.create': editors,
  // GitOps and Hyperterse (@toolplane/gitops): reading for everyone, writing for editors
  'gitops.plan': everyone,
  'gitops.apply': editors,
  'gitops.export': everyone,
  'hyperterse.import': editors,
  'hyperterse.export': everyone,
  // Tokens, activity, audit
  'token.list': admins,
  'token.create': admins,
  'token.revoke': admins,
  'activity.list': everyone,
  /** Inputs and result previews of invocations: viewers see metadata only. */
  'activity.read-payloads': editors,
  'audit.list': admins,
} as const satisfies Record<string, Access>;

export type ActionId = keyof typeof ACTIONS;
export type WorkspaceActionId = {
  [K in ActionId]: (typeof ACTIONS)[K] extends readonly MemberRole[] ? K : never;
}[ActionId];

export function isActionId(value: string): value is ActionId {
  return Object.hasOwn(ACTIONS, value);
}

export function accessOf(action: ActionId): Access {
  return ACTIONS[action];
}

/** Whether `role` may perform the workspace action. */
export function roleAllows(role: MemberRole, action: WorkspaceActionId): boolean {
  return (ACTIONS[action] as readonly MemberRole[]).includes(role);
}

/** The actions a role may perform, for hiding what it may not (the server still checks). */
export function allowedActions(role: MemberRole): Set<WorkspaceActionId> {
  const allowed = new Set<WorkspaceActionId>();
  for (const [action, access] of Object.entries(ACTIONS)) {
    if (Array.isArray(access) && access.includes(role)) allowed.add(action as WorkspaceActionId);
  }
  return allowed;
}
