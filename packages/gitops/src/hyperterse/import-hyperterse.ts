import { authorize, type WorkspaceContext } from '@toolplane/services';
import { applyConfig } from '../workspace/apply-config';
import { computePlan } from '../workspace/compute-plan';
import type { WorkspacePlan } from '../workspace/plan-types';
import { problemsError } from '../workspace/problems-error';
import { readWorkspaceState } from '../workspace/read-workspace-state';
import type { ImportFinding } from './import-finding';
import { type HyperterseImportPlan, planHyperterseImport } from './plan-hyperterse-import';

export interface HyperterseImportResult {
  dryRun: boolean;
  format: HyperterseImportPlan['format'];
  project: string | null;
  /** What was (or, in a dry run, would be) created and changed. Nothing is ever deleted. */
  plan: WorkspacePlan;
  /** Secrets the imported definitions reference that the workspace has no value for yet. */
  secretsToSet: string[];
  findings: ImportFinding[];
}

/**
 * Imports a Hyperterse project into the workspace: adapters → connectors, auth blocks →
 * policies, tools with their inputs, scripts, auth and cache (v1 tools flagged for legacy
 * placeholders). A dry run writes nothing; the real run is one transaction. Items the findings
 * mark as errors are left out; the rest comes across.
 */
export async function importHyperterse(
  ctx: WorkspaceContext,
  files: unknown,
  options: { dryRun?: boolean } = {},
): Promise<HyperterseImportResult> {
  authorize(ctx, 'hyperterse.import');
  const dryRun = options.dryRun ?? false;
  const imported = planHyperterseImport(files);
  const errors = imported.findings.filter((f) => f.severity === 'error');
  const nothing = imported.config.tools.length === 0 && imported.config.connectors.length === 0;
  if (!dryRun && nothing && errors.length > 0) {
    throw problemsError(
      'Nothing in this Hyperterse project can be imported.',
      errors.map((f) => ({ file: f.file, field: f.field ?? 'file', message: f.message })),
    );
  }
  let plan: WorkspacePlan;
  if (dryRun) {
    const state = await readWorkspaceState(ctx.deps.db, ctx.workspace.id);
    plan = computePlan(state.config, imported.config, {
      prune: false,
      inlineAuth: state.inlineAuth,
    });
  } else {
    plan = await applyConfig(ctx, imported.config, { prune: false, action: 'hyperterse.import' });
  }
  return {
    dryRun,
    format: imported.format,
    project: imported.project,
    plan,
    secretsToSet: plan.missingSecrets,
    findings: imported.findings,
  };
}
