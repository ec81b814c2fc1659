import type { Command } from 'commander';
import { workspacePath } from '../api-client';
import { createCliContext } from '../cli-context';
import type { CliEnv } from '../cli-env';
import { CliError, EXIT_FAILURE } from '../cli-error';
import { printJson, printLine, printNote } from '../output';
import { readProjectFiles, writeProjectFiles } from '../project-files';

interface PlanItem {
  kind: string;
  name: string;
}

export interface WorkspacePlan {
  created: PlanItem[];
  changed: (PlanItem & { changes: { field: string; before: unknown; after: unknown }[] })[];
  unchanged: PlanItem[];
  deleted: PlanItem[];
  missingSecrets: string[];
  problems: { file: string; field: string; message: string; line?: number }[];
}

const short = (value: unknown) => {
  const text = typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value ?? null);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
};

/** The plan for a person: + created, ~ changed (field: before → after), - deleted. */
export function printPlan(plan: WorkspacePlan): void {
  for (const item of plan.created) printLine(`+ ${item.kind} ${item.name}`);
  for (const item of plan.changed) {
    printLine(`~ ${item.kind} ${item.name}`);
    for (const change of item.changes) {
      printLine(`    ${change.field}: ${short(change.before)} → ${short(change.after)}`);
    }
  }
  for (const item of plan.deleted) printLine(`- ${item.kind} ${item.name}`);
  const changes = plan.created.length + plan.changed.length + plan.deleted.length;
  printLine(
    changes === 0
      ? `No changes (${plan.unchanged.length} unchanged).`
      : `${plan.created.length} to create, ${plan.changed.length} to change, ${plan.deleted.length} to delete, ${plan.unchanged.length} unchanged.`,
  );
  if (plan.missingSecrets.length > 0) {
    printLine(`Secrets to set (toolplane secrets set NAME): ${plan.missingSecrets.join(', ')}`);
  }
  if (plan.problems.length > 0) {
    printLine('Problems (apply refuses until they are fixed):');
    for (const p of plan.problems) {
      printLine(`  ${p.file}${p.line === undefined ? '' : `:${p.line}`} ${p.field}: ${p.message}`);
    }
  }
}

/** `plan`, `apply` and `export`: a workspace as a folder of YAML files (sent to the API, never the database). */
export function registerGitopsCommands(program: Command, env: CliEnv): void {
  const folderCommand = (name: 'plan' | 'apply', description: string) =>
    program
      .command(`${name} <dir>`)
      .description(description)
      .option('--prune', 'also delete what the folder does not list')
      .action(async (dir: string, options: { prune?: boolean }, command: Command) => {
        const ctx = await createCliContext(command.optsWithGlobals(), env);
        const workspace = ctx.workspace();
        const files = await readProjectFiles(dir);
        const plan = await ctx
          .client()
          .post<WorkspacePlan>(workspacePath(workspace, 'gitops', name), {
            files,
            prune: options.prune === true,
          });
        if (ctx.json) printJson(plan);
        else {
          printPlan(plan);
          if (name === 'apply') printNote(`Applied ${dir} to ${workspace}.`);
        }
        if (plan.problems.length > 0) process.exitCode = EXIT_FAILURE;
      });
  folderCommand('plan', 'show what applying a folder would change in the workspace');
  folderCommand('apply', 'make the workspace match a folder, in one transaction (all or nothing)');
  program
    .command('export <dir>')
    .description('write the workspace as a folder (secret names only, credentials as {{ env.X }})')
    .option('--hyperterse', 'write a Hyperterse v2 project instead')
    .action(async (dir: string, options: { hyperterse?: boolean }, command: Command) => {
      const ctx = await createCliContext(command.optsWithGlobals(), env);
      const workspace = ctx.workspace();
      const path = options.hyperterse
        ? workspacePath(workspace, 'hyperterse', 'export')
        : workspacePath(workspace, 'gitops', 'export');
      const exported = await ctx.client().get<{
        files: Record<string, string>;
        warnings?: string[];
        findings?: {
          severity: string;
          file: string;
          field?: string;
          message: string;
          fix?: string;
        }[];
      }>(path);
      if (!exported || typeof exported.files !== 'object') {
        throw new CliError('The API answered without files.', EXIT_FAILURE);
      }
      const written = await writeProjectFiles(dir, exported.files);
      if (ctx.json) return printJson({ ...exported, files: written });
      for (const warning of exported.warnings ?? []) printNote(`warning: ${warning}`);
      for (const f of exported.findings ?? []) {
        printNote(
          `${f.severity}: ${f.file}${f.field ? ` ${f.field}` : ''}: ${f.message}${f.fix ? ` (${f.fix})` : ''}`,
        );
      }
      printNote(`Wrote ${written.length} files to ${dir}.`);
    });
}
