// @toolplane/gitops — a workspace as a folder of YAML files (plan, apply, export), and Hyperterse
// projects in and out. Runs on the server behind the REST API; the CLI only moves files.

export { configJsonSchema, configJsonSchemaText } from './config/config-json-schema';
export { type ParseConfigResult, parseConfigFiles } from './config/parse-config-files';
export type {
  ConfigFiles,
  ConfigProblem,
  ConnectorSpec,
  PolicySpec,
  ToolSpec,
  WorkspaceConfig,
} from './config/workspace-config';
export { SCHEMA_FILE, type WrittenConfig, writeConfigFiles } from './config/write-config-files';
export { exportHyperterse } from './hyperterse/export-hyperterse';
export type { ImportFinding, ImportFindingCode } from './hyperterse/import-finding';
export { type HyperterseImportResult, importHyperterse } from './hyperterse/import-hyperterse';
export {
  type HyperterseImportPlan,
  planHyperterseImport,
} from './hyperterse/plan-hyperterse-import';
export { writeHyperterseProject } from './hyperterse/write-hyperterse-project';
export { applyWorkspace } from './workspace/apply-workspace';
export { exportWorkspace } from './workspace/export-workspace';
export type { FieldChange, PlanItem, WorkspacePlan } from './workspace/plan-types';
export { planWorkspace } from './workspace/plan-workspace';
export { problemsError } from './workspace/problems-error';
