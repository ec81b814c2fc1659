import {
  applyWorkspace,
  exportHyperterse,
  exportWorkspace,
  importHyperterse,
  parseConfigFiles,
  planWorkspace,
  problemsError,
  type WorkspaceConfig,
} from '@toolplane/gitops';
import { z } from 'zod';
import { defineApiRoute } from '../api-route';
import { ZWorkspaceParams } from './route-helpers';

// GitOps (a workspace as a folder of YAML files) and Hyperterse import/export. The CLI reads a
// folder into `files` (relative path → text) and writes back what these return; the server never
// touches a user's filesystem. The logic is @toolplane/gitops.

const ZFiles = z
  .record(z.string().max(500), z.string())
  .meta({ description: 'The folder: relative path (`/`-separated) → file text.' });

/** A folder may hold 20 MB of text (@toolplane/gitops checks that); JSON escaping adds some. */
const FOLDER_BODY_BYTES = 24 * 1024 * 1024;

const ZItemKind = z.enum(['secret', 'connector', 'policy', 'tool']);
const ZPlanItem = z.object({ kind: ZItemKind, name: z.string() });
const ZProblem = z
  .object({ file: z.string(), field: z.string(), message: z.string(), line: z.number().optional() })
  .meta({ id: 'ConfigProblem' });

const ZWorkspacePlan = z
  .object({
    created: z.array(ZPlanItem),
    changed: z.array(
      ZPlanItem.extend({
        changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
      }),
    ),
    unchanged: z.array(ZPlanItem),
    deleted: z.array(ZPlanItem).meta({ description: 'Only with prune.' }),
    missingSecrets: z
      .array(z.string())
      .meta({ description: 'Referenced secrets with no value yet.' }),
    problems: z.array(ZProblem).meta({ description: 'What stops apply (it refuses while any).' }),
  })
  .meta({ id: 'WorkspacePlan' });

const ZFinding = z
  .object({
    severity: z.enum(['error', 'warning']),
    code: z.string(),
    file: z.string(),
    tool: z.string().optional(),
    field: z.string().optional(),
    line: z.number().optional(),
    column: z.number().optional(),
    message: z.string(),
    fix: z.string().optional(),
  })
  .meta({ id: 'ImportFinding' });

const ZFolderInput = z.object({
  files: ZFiles,
  prune: z.boolean().default(false).meta({ description: 'Delete what the folder does not list.' }),
});

function configOf(files: Record<string, string>): WorkspaceConfig {
  const parsed = parseConfigFiles(files);
  if (!parsed.ok) throw problemsError('The folder has errors.', parsed.errors);
  return parsed.config;
}

export const gitopsRoutes = [
  defineApiRoute({
    method: 'POST',
    path: '/workspaces/{workspace}/gitops/plan',
    operationId: 'planGitOps',
    summary: 'What applying a folder would change (created, changed with a field diff, deleted)',
    tag: 'GitOps',
    action: 'gitops.plan',
    params: ZWorkspaceParams,
    body: ZFolderInput,
    maxBodyBytes: FOLDER_BODY_BYTES,
    response: ZWorkspacePlan,
    async handler({ workspace, body }) {
      return planWorkspace(workspace, configOf(body.files), { prune: body.prune });
    },
  }),
  defineApiRoute({
    method: 'POST',
    path: '/workspaces/{workspace}/gitops/apply',
    operationId: 'applyGitOps',
    summary: 'Make the workspace match a folder, in one transaction',
    description:
      'All or nothing. A changed tool gets a new version; `prune` deletes what the folder does not list.',
    tag: 'GitOps',
    action: 'gitops.apply',
    params: ZWorkspaceParams,
    body: ZFolderInput,
    maxBodyBytes: FOLDER_BODY_BYTES,
    response: ZWorkspacePlan,
    async handler({ workspace, body }) {
      return applyWorkspace(workspace, configOf(body.files), { prune: body.prune });
    },
  }),
  defineApiRoute({
    method: 'GET',
    path: '/workspaces/{workspace}/gitops/export',
    operationId: 'exportGitOps',
    summary: 'The workspace as a folder (secret names only, credentials as {{ env.X }})',
    tag: 'GitOps',
    action: 'gitops.export',
    params: ZWorkspaceParams,
    response: z.object({ files: ZFiles, warnings: z.array(z.string()) }),
    async handler({ workspace }) {
      return exportWorkspace(workspace);
    },
  }),
  defineApiRoute({
    method: 'POST',
    path: '/workspaces/{workspace}/hyperterse/import',
    operationId: 'importHyperterse',
    summary: 'Import a Hyperterse project (v2 layout or v1 file); dryRun writes nothing',
    tag: 'GitOps',
    action: 'hyperterse.import',
    params: ZWorkspaceParams,
    body: z.object({ files: ZFiles, dryRun: z.boolean().default(false) }),
    maxBodyBytes: FOLDER_BODY_BYTES,
    response: z.object({
      dryRun: z.boolean(),
      format: z.enum(['v1', 'v2']),
      project: z.string().nullable(),
      plan: ZWorkspacePlan,
      secretsToSet: z.array(z.string()),
      findings: z.array(ZFinding),
    }),
    async handler({ workspace, body }) {
      return importHyperterse(workspace, body.files, { dryRun: body.dryRun });
    },
  }),
  defineApiRoute({
    method: 'GET',
    path: '/workspaces/{workspace}/hyperterse/export',
    operationId: 'exportHyperterse',
    summary: 'The workspace as a Hyperterse v2 project',
    tag: 'GitOps',
    action: 'hyperterse.export',
    params: ZWorkspaceParams,
    response: z.object({ files: ZFiles, findings: z.array(ZFinding) }),
    async handler({ workspace }) {
      return exportHyperterse(workspace);
    },
  }),
];
