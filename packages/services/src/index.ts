// @toolplane/services — the service layer shared by the dashboard's server actions and the REST
// API: each function authorizes against the action registry, validates, changes data through
// @toolplane/db, and records an audit event in the same transaction.

// Accounts
export { changePassword } from './accounts/change-password';
export { requestPasswordReset } from './accounts/request-password-reset';
export { resetPassword } from './accounts/reset-password';
export { type ProviderIdentity, signInWithProvider } from './accounts/sign-in-with-provider';
export { signUp, ZSignUpInput } from './accounts/sign-up';
export { EMAIL_THROTTLE, IP_THROTTLE, verifyCredentials } from './accounts/verify-credentials';
// Activity and audit
export { getActivity } from './activity/get-activity';
export { type ActivityFilters, listActivity } from './activity/list-activity';
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
export { parseConnectorUrlField } from './connectors/connector-url-field';
export { createConnector } from './connectors/create-connector';
export { deleteConnector } from './connectors/delete-connector';
export { listConnectors } from './connectors/list-connectors';
export { testConnector } from './connectors/test-connector';
export { updateConnector } from './connectors/update-connector';
export { createSmtpMailer, type SmtpMailerOptions } from './mail/create-smtp-mailer';
// Members
export { acceptInvitation, previewInvitation } from './members/accept-invitation';
export { inviteMember } from './members/invite-member';
export { listMembers } from './members/list-members';
export { removeMember } from './members/remove-member';
export { revokeInvitation } from './members/revoke-invitation';
export { setMemberRole } from './members/set-member-role';
export { createNetworkPolicy } from './network/create-network-policy';
export { parseInput } from './parse-input';
export { type PlaygroundRun, runTool } from './playground/run-tool';
// Auth policies
export { listPolicies, type PolicySummary } from './policies/list-policies';
export { createPolicy, deletePolicy, updatePolicy } from './policies/save-policy';
// Secrets
export { deleteSecret } from './secrets/delete-secret';
export { listSecrets, type SecretWithReferences } from './secrets/list-secrets';
export { rotateSecret } from './secrets/rotate-secret';
export { createSecret } from './secrets/set-secret';
export type { Actor, Mailer, MailMessage, ServiceDeps } from './service-deps';
export { mapDbErrors, ServiceError, type ServiceErrorCode, toServiceError } from './service-error';
// Tokens
export { createToken } from './tokens/create-token';
export { listTokens } from './tokens/list-tokens';
export { revokeToken } from './tokens/revoke-token';
// Tools
export { deleteTool } from './tools/delete-tool';
export { getTool, getToolHistory } from './tools/get-tool';
export { listTools } from './tools/list-tools';
export { loadDraftContext } from './tools/load-draft-context';
export { rollbackTool } from './tools/rollback-tool';
export { createTool, updateTool } from './tools/save-tool';
// Workspaces
export { createWorkspace, slugify } from './workspaces/create-workspace';
export { deleteWorkspace } from './workspaces/delete-workspace';
export { listMyWorkspaces } from './workspaces/list-my-workspaces';
export { updateWorkspaceSettings } from './workspaces/update-workspace-settings';
