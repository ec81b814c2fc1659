import type { Command } from 'commander';
import { workspacePath } from '../api-client';
import { createCliContext } from '../cli-context';
import type { CliEnv } from '../cli-env';
import { EXIT_FAILURE } from '../cli-error';
import { printJson, printLine, printNote } from '../output';
import { readProjectFiles } from '../project-files';
import { printPlan, type WorkspacePlan } from './gitops';

interface ImportResult {
  dryRun: boolean;
  format: string;
  project: string | null;
  plan: WorkspacePlan;
  secretsToSet: string[];
  findings: {
    severity: string;
    code: string;
    file: string;
    tool?: string;
    field?: string;
    line?: number;
    column?: number;
    message: string;
    fix?: string;
  }[];
}

/** `import`: a Hyperterse project (v2 folder or v1 .terse file) into a workspace, through the API. */
export function registerHyperterseImportCommand(program: Command, env: CliEnv): void {
  program
    .command('import <hyperterse-project>')
    .description('import a Hyperterse project (v2 folder or v1 .terse file) into the workspace')
    .option('--dry-run', 'report everything without writing')
    .action(async (project: string, options: { dryRun?: boolean }, command: Command) => {
      const ctx = await createCliContext(command.optsWithGlobals(), env);
      const workspace = ctx.workspace();
      const files = await readProjectFiles(project);
      const result = await ctx
        .client()
        .post<ImportResult>(workspacePath(workspace, 'hyperterse', 'import'), {
          files,
          dryRun: options.dryRun === true,
        });
      if (ctx.json) return printJson(result);
      printLine(`Hyperterse ${result.format} project ${result.project ?? '(unnamed)'}:`);
      for (const f of result.findings) {
        const where = [
          f.file,
          f.tool && `tool ${f.tool}`,
          f.field,
          f.line !== undefined && `${f.line}:${f.column ?? 1}`,
        ]
          .filter(Boolean)
          .join(' ');
        printLine(
          `${f.severity === 'error' ? 'error  ' : 'warning'} ${f.code} ${where}: ${f.message}`,
        );
        if (f.fix) printLine(`        fix: ${f.fix}`);
      }
      printPlan(result.plan);
      if (result.dryRun) printNote('Dry run: nothing was written.');
      else printNote(`Imported into ${workspace}.`);
      if (result.plan.problems.length > 0) process.exitCode = EXIT_FAILURE;
    });
}
