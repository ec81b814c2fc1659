// @toolplane/db — the only package that imports Prisma. Explicit exports only (STYLE.md §1).

// Tokens
export type { ApiToken } from './api-tokens/api-token-types';
export type { CreateApiTokenInput } from './api-tokens/create-api-token';
export { createApiToken } from './api-tokens/create-api-token';
export { findApiTokenByHash } from './api-tokens/find-api-token-by-hash';
export { listApiTokens } from './api-tokens/list-api-tokens';
export { revokeApiToken } from './api-tokens/revoke-api-token';
export { hashToken } from './api-tokens/token-secret';
export { touchApiTokens } from './api-tokens/touch-api-tokens';
export { listAuditEvents } from './audit/list-audit-events';
export type { AuditEventInput } from './audit/record-audit-event';
export { recordAuditEvent } from './audit/record-audit-event';
export { REDACTED, redactForAudit } from './audit/redact-for-audit';
// Added for the dashboard (issue 7): accounts, invitations, workspace deletion, activity charts
export { consumeVerificationToken } from './auth-accounts/consume-verification-token';
export { createVerificationToken } from './auth-accounts/create-verification-token';
export { setUserPassword } from './auth-accounts/set-user-password';
// Auth policies
export type { AuthPolicyInput } from './auth-policies/auth-policy-input';
export { createAuthPolicy } from './auth-policies/create-auth-policy';
export { deleteAuthPolicy } from './auth-policies/delete-auth-policy';
export { getAuthPolicy } from './auth-policies/get-auth-policy';
export { listAuthPolicies } from './auth-policies/list-auth-policies';
export type { EncryptedCredential } from './auth-policies/policy-credentials';
export {
  CREDENTIAL_PARAMS,
  decryptPolicyCredentials,
  isEncryptedCredential,
  policyCredentialAad,
} from './auth-policies/policy-credentials';
export { updateAuthPolicy } from './auth-policies/update-auth-policy';
// Client and transactions
export type { CreateDbOptions, Db, DbClient } from './client';
export { createDb, withTransaction } from './client';
// Connectors
export type { Connector } from './connectors/connector-types';
export type { CreateConnectorInput } from './connectors/create-connector';
export { createConnector } from './connectors/create-connector';
export { deleteConnector } from './connectors/delete-connector';
export { getConnector } from './connectors/get-connector';
export { getConnectorByName } from './connectors/get-connector-by-name';
export type { ConnectorCredentials } from './connectors/get-connector-credentials';
export { getConnectorCredentials } from './connectors/get-connector-credentials';
export { listConnectors } from './connectors/list-connectors';
export type { UpdateConnectorInput } from './connectors/update-connector';
export { updateConnector } from './connectors/update-connector';
// Errors, ids, change notifications
export type { DbErrorCode } from './errors';
export { DbError } from './errors';
// Row types and enums
export type {
  AuditEvent,
  AuthPolicy,
  Invocation,
  Tool,
  ToolVersion,
  User,
} from './generated/prisma/client';
export {
  AuthPlugin,
  ConnectorType,
  ErrorStyle,
  InvocationStatus,
  LoginThrottleKind,
  MemberRole,
  ToolKind,
} from './generated/prisma/enums';
export type {
  ClaimIdempotencyKeyInput,
  IdempotencyClaim,
} from './idempotency-keys/claim-idempotency-key';
export { claimIdempotencyKey } from './idempotency-keys/claim-idempotency-key';
export { completeIdempotencyKey } from './idempotency-keys/complete-idempotency-key';
export { pruneIdempotencyKeys } from './idempotency-keys/prune-idempotency-keys';
export { releaseIdempotencyKey } from './idempotency-keys/release-idempotency-key';
export type { IdPrefix } from './ids';
export { isId, newId } from './ids';
export { acceptInvitation } from './invitations/accept-invitation';
export { createInvitation } from './invitations/create-invitation';
export { findInvitationByToken } from './invitations/find-invitation-by-token';
export type { Invitation } from './invitations/invitation-types';
export { listInvitations } from './invitations/list-invitations';
export { revokeInvitation } from './invitations/revoke-invitation';
export { findInvocationByRequestId } from './invocation-lookup/find-invocation-by-request-id';
export { getInvocation } from './invocation-lookup/get-invocation';
export type { InvocationBucket, InvocationStats } from './invocation-stats/get-invocation-stats';
export { getInvocationStats } from './invocation-stats/get-invocation-stats';
export type { CopyTarget } from './invocations/copy-invocations-sql';
export { copyInvocationsSql } from './invocations/copy-invocations-sql';
// Invocations and audit
export type { InvocationInput } from './invocations/insert-invocations';
export { insertInvocations } from './invocations/insert-invocations';
export type { ListInvocationsOptions } from './invocations/list-invocations';
export { listInvocations } from './invocations/list-invocations';
export { pruneInvocations } from './invocations/prune-invocations';
export type { JsonValue } from './json';
// Keys
export { getWorkspaceDataKey } from './keys/get-workspace-data-key';
export type { Keyring } from './keys/keyring';
export { createKeyring } from './keys/keyring';
export type { RotateMasterKeyResult } from './keys/rotate-master-key';
export { rotateMasterKey } from './keys/rotate-master-key';
export type {
  ChangeListener,
  ListenForChangesOptions,
} from './listen-for-changes';
export { listenForChanges } from './listen-for-changes';
export { clearLoginFailures } from './login-throttle/clear-login-failures';
export { getLoginLock } from './login-throttle/get-login-lock';
export type {
  LoginThrottlePolicy,
  LoginThrottleState,
} from './login-throttle/record-login-failure';
export { recordLoginFailure } from './login-throttle/record-login-failure';
export { addMembership } from './memberships/add-membership';
export { getMembership } from './memberships/get-membership';
export { listMemberships } from './memberships/list-memberships';
export type { MembershipWithUser } from './memberships/membership-types';
export { removeMembership } from './memberships/remove-membership';
export { setMembershipRole } from './memberships/set-membership-role';
export type { ChangeKind, ChangeNotification } from './notify';
export { CHANGE_CHANNEL, notifyChange, parseChangeNotification } from './notify';
export type { OAuthUserInput } from './oauth/find-or-create-oauth-user';
export { findOrCreateOAuthUser } from './oauth/find-or-create-oauth-user';
export { createPersonalAccessToken } from './personal-access-tokens/create-personal-access-token';
export { findPersonalAccessTokenByHash } from './personal-access-tokens/find-personal-access-token-by-hash';
export { listPersonalAccessTokens } from './personal-access-tokens/list-personal-access-tokens';
export type { PersonalAccessToken } from './personal-access-tokens/personal-access-token-types';
export { revokePersonalAccessToken } from './personal-access-tokens/revoke-personal-access-token';
export { touchPersonalAccessToken } from './personal-access-tokens/touch-personal-access-token';
// Secrets
export { deleteSecret } from './secrets/delete-secret';
export type { SecretValue } from './secrets/get-secret-values';
export { getSecretValues } from './secrets/get-secret-values';
export { listSecrets } from './secrets/list-secrets';
export { rotateSecret } from './secrets/rotate-secret';
export type { Secret } from './secrets/secret-types';
export { SECRET_NAME } from './secrets/secret-types';
export type { SetSecretInput } from './secrets/set-secret';
export { setSecret } from './secrets/set-secret';
// Tools
export { createTool } from './tools/create-tool';
export { deleteTool } from './tools/delete-tool';
export { getTool } from './tools/get-tool';
export { getToolByName } from './tools/get-tool-by-name';
export {
  hasSealedInlineCredentials,
  inlineAuthCredentialAad,
  openInlineAuth,
} from './tools/inline-auth-credentials';
export { listToolVersions } from './tools/list-tool-versions';
export { listTools } from './tools/list-tools';
export { rollbackTool } from './tools/rollback-tool';
export type { ToolDefinition, ToolDefinitionInput } from './tools/tool-definition';
export { toolDefinitionOf, toolDefinitionSchema } from './tools/tool-definition';
export { updateTool } from './tools/update-tool';
export { bumpSessionVersion } from './users/bump-session-version';
// Users and sign-in
export type { CreateUserInput } from './users/create-user';
export { createUser } from './users/create-user';
export { findUserByEmail } from './users/find-user-by-email';
export { getUser } from './users/get-user';
export { normalizeEmail } from './users/normalize-email';
export { deleteWorkspace } from './workspace-deletion/delete-workspace';
export { setWorkspaceSlug } from './workspace-slug/set-workspace-slug';
// Workspaces and memberships
export type { CreateWorkspaceInput } from './workspaces/create-workspace';
export { createWorkspace } from './workspaces/create-workspace';
export { getWorkspace } from './workspaces/get-workspace';
export { getWorkspaceBySlug } from './workspaces/get-workspace-by-slug';
export { listWorkspacesForUser } from './workspaces/list-workspaces-for-user';
export { updateWorkspaceSettings } from './workspaces/update-workspace-settings';
export type { Workspace, WorkspaceSettings } from './workspaces/workspace-settings';
export { workspaceSettingsSchema, workspaceSlugSchema } from './workspaces/workspace-settings';
