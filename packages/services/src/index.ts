// @toolplane/services — the service layer shared by the dashboard's server actions and the REST
// API: each function authorizes against the action registry, validates, changes data through
// @toolplane/db, and records an audit event in the same transaction.

// Accounts
export { changePassword } from './accounts/change-password';
export { getProfile, type Profile } from './accounts/get-profile';
export { requestPasswordReset } from './accounts/request-password-reset';
export { resetPassword } from './accounts/reset-password';
export { type ProviderIdentity, signInWithProvider } from './accounts/sign-in-with-provider';
export { signUp, ZSignUpInput } from './accounts/sign-up';
export { EMAIL_THROTTLE, IP_THROTTLE, verifyCredentials } from './accounts/verify-credentials';
// Activity and audit
export { getActivity } from './activity/get-activity';
export { type ActivityFilters, listActivity } from './activity/list-activity';
export { type InvocationSearch, searchInvocations } from './activity/search-invocations';
export { type AuditEntry, audited } from './audit/audited';
export { listAudit } from './audit/list-audit';
// Authorization
export {
  ACTIONS,
  type ActionId,
  accessOf,
  allowedActions,
  isActionId,
  ROLES,
  roleAllows,
  type WorkspaceActionId,
} from './authorization/action-registry';
export { authorize } from './authorization/authorize';
export { openWorkspace } from './authorization/open-workspace';
export type { WorkspaceContext } from './authorization/workspace-context';
// Connectors
export { ZConnectorInput } from './connectors/connector-input';
export { parseConnectorUrlField } from './connectors/connector-url-field';
export { createConnector } from './connectors/create-connector';
export { deleteConnector } from './connectors/delete-connector';
export { listConnectors } from './connectors/list-connectors';
export { testConnector } from './connectors/test-connector';
export { updateConnector } from './connectors/update-connector';
export { createSmtpMailer, type SmtpMailerOptions } from './mail/create-smtp-mailer';
// Members
export { acceptInvitation, previewInvitation } from './members/accept-invitation';
export { inviteMember, ZInviteMemberInput } from './members/invite-member';
export { listMembers } from './members/list-members';
export { removeMember } from './members/remove-member';
export { revokeInvitation } from './members/revoke-invitation';
export { setMemberRole, ZSetMemberRoleInput } from './members/set-member-role';
export { createNetworkPolicy } from './network/create-network-policy';
export { parseInput } from './parse-input';
// Personal access tokens (REST API and CLI)
export {
  createPersonalAccessToken,
  ZCreatePersonalAccessTokenInput,
} from './personal-access-tokens/create-personal-access-token';
export { listPersonalAccessTokens } from './personal-access-tokens/list-personal-access-tokens';
export { mintCliRuntimeToken } from './personal-access-tokens/mint-cli-runtime-token';
export { revokePersonalAccessToken } from './personal-access-tokens/revoke-personal-access-token';
export {
  type VerifiedPersonalAccessToken,
  verifyPersonalAccessToken,
} from './personal-access-tokens/verify-personal-access-token';
export { type PlaygroundRun, runTool } from './playground/run-tool';
// Auth policies
export { listPolicies, type PolicySummary } from './policies/list-policies';
export { createPolicy, deletePolicy, updatePolicy, ZPolicyInput } from './policies/save-policy';
// Secrets
export { deleteSecret } from './secrets/delete-secret';
export { listSecrets, type SecretWithReferences } from './secrets/list-secrets';
export { rotateSecret } from './secrets/rotate-secret';
export { createSecret, ZSecretInput } from './secrets/set-secret';
export type { Actor, Mailer, MailMessage, ServiceDeps } from './service-deps';
export { mapDbErrors, ServiceError, type ServiceErrorCode, toServiceError } from './service-error';
// Tokens
export { createToken, ZCreateTokenInput } from './tokens/create-token';
export { listTokens } from './tokens/list-tokens';
export { revokeToken } from './tokens/revoke-token';
// Tools
export { deleteTool } from './tools/delete-tool';
export { getTool, getToolHistory } from './tools/get-tool';
export { listTools } from './tools/list-tools';
export { loadDraftContext } from './tools/load-draft-context';
export { rollbackTool } from './tools/rollback-tool';
export { createTool, updateTool } from './tools/save-tool';
export { ZToolDraft } from './tools/tool-draft-schema';
// Workspaces
export { createWorkspace, slugify, ZCreateWorkspaceInput } from './workspaces/create-workspace';
export { deleteWorkspace } from './workspaces/delete-workspace';
export { listMyWorkspaces } from './workspaces/list-my-workspaces';
export {
  updateWorkspaceSettings,
  ZWorkspaceSettingsInput,
} from './workspaces/update-workspace-settings';
