import { compileStatement, type DiagnosticCode, type InputSpec } from '@toolplane/pipeline/compile';
import { checkToolDraft, type DraftContext } from '@toolplane/services/tool-draft';
import { sortConfig } from '../config/canonical-config';
import { checkFilesMap } from '../config/project-path';
import {
  type ConnectorSpec,
  type PolicySpec,
  referencedSecrets,
  type ToolSpec,
  type WorkspaceConfig,
} from '../config/workspace-config';
import { toolDraftOf } from '../workspace/tool-draft-of';
import { convertAdapter } from './convert-adapter';
import { convertTool } from './convert-tool';
import { findSyncFetch } from './find-sync-fetch';
import type { ImportFinding } from './import-finding';
import { type RawTool, readHyperterseProject, toolNameOfFolder } from './read-hyperterse-project';

export interface HyperterseImportPlan {
  format: 'v1' | 'v2';
  /** The project's `name`. */
  project: string | null;
  /** What the import writes: connectors, policies (one per distinct auth block), tools. */
  config: WorkspaceConfig;
  findings: ImportFinding[];
}

const TOOL_NAME = /^[a-z][a-z0-9_-]*$/;

const FIXES: Partial<Record<DiagnosticCode, string>> = {
  BARE_STRING_PLACEHOLDER: "quote it ('{{ inputs.x }}'): it becomes a value, never SQL text",
  PLACEHOLDER_POSITION:
    'names, sort keys and keywords cannot be parameters: write the name in the statement, or pick among fixed ones with CASE',
  PLACEHOLDER_IN_COMMENT: 'remove the placeholder from the comment',
  PLACEHOLDER_IN_IDENTIFIER: 'identifiers cannot be parameters: write the name itself',
  PLACEHOLDER_IN_DOLLAR_QUOTE: 'pass the value as a query argument instead of inside $$…$$',
  PLACEHOLDER_IN_PREFIXED_STRING: "write CAST('{{ inputs.x }}' AS type) or '{{ inputs.x }}'::type",
  INPUT_UNDECLARED: 'declare the input under inputs',
  PLACEHOLDER_MALFORMED: 'write {{ inputs.name }} or {{ env.NAME }}',
  POSITIONAL_PARAMETER: 'use {{ inputs.name }} placeholders instead of $1 or ?',
  STATEMENT_MULTIPLE: 'split it into one tool per statement',
  STATEMENT_UNTERMINATED: 'close the string, identifier or comment',
  STATEMENT_EMPTY: 'write the statement',
};

/**
 * Reads a Hyperterse project (files map) and says exactly what importing it would create, and
 * every finding: unsupported connectors, statements the pipeline refuses (tool, line:column,
 * fix), scripts calling the synchronous `fetch`, options with no equivalent, literal
 * credentials. Items that cannot come across are left out with an error finding; nothing is
 * dropped silently. Pure (no database): `importHyperterse` applies `config`.
 */
export function planHyperterseImport(input: unknown): HyperterseImportPlan {
  const checked = checkFilesMap(input);
  if (!checked.ok) {
    return {
      format: 'v2',
      project: null,
      config: { secrets: [], connectors: [], policies: [], tools: [] },
      findings: checked.problems.map((p) => ({
        severity: 'error',
        code: 'INVALID_FILE',
        file: p.file,
        field: p.field,
        message: p.message,
      })),
    };
  }
  const raw = readHyperterseProject(checked.files);
  const findings = raw.findings;
  const sources: Record<string, string> = {};

  const connectors = new Map<string, ConnectorSpec>();
  const unsupported = new Map<string, string>();
  for (const adapter of raw.adapters) {
    const converted = convertAdapter(adapter, findings);
    if (converted === null) {
      unsupported.set(adapter.name, adapter.connector);
      continue;
    }
    if (connectors.has(converted.name)) {
      findings.push({
        severity: 'error',
        code: 'INVALID_FILE',
        file: adapter.file,
        message: `adapter ${converted.name} is defined twice; the first one is kept`,
      });
      continue;
    }
    connectors.set(converted.name, converted);
    sources[`connector:${converted.name}`] = adapter.file;
  }

  const policies = new Map<string, PolicySpec>();
  const policyByBlock = new Map<string, string>();
  const tools: ToolSpec[] = [];
  const taken = new Set<string>();
  const invalidTools = new Set<RawTool>(
    raw.tools.filter((tool) =>
      findings.some((f) => f.severity === 'error' && f.file === tool.file && f.tool === tool.name),
    ),
  );
  for (const rawTool of [...raw.tools].sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  )) {
    const skip = (message: string, extra: Partial<ImportFinding> = {}) =>
      findings.push({
        severity: 'error',
        code: 'TOOL_SKIPPED',
        file: rawTool.file,
        tool: rawTool.name,
        message,
        ...extra,
      });
    if (invalidTools.has(rawTool)) {
      skip(`tool ${rawTool.name} is not imported: fix the errors reported for it`);
      continue;
    }
    let name = rawTool.name;
    if (!TOOL_NAME.test(name)) {
      const renamed = toolNameOfFolder(name).replace(/^[^a-z]+/, '');
      if (!TOOL_NAME.test(renamed)) {
        skip(`tool name ${name} cannot be made a valid tool name (^[a-z][a-z0-9_-]*$)`, {
          field: 'name',
        });
        continue;
      }
      findings.push({
        severity: 'warning',
        code: 'TOOL_RENAMED',
        file: rawTool.file,
        tool: name,
        message: `tool ${name} is imported as ${renamed} (tool names are lowercase)`,
      });
      name = renamed;
    }
    if (taken.has(name)) {
      skip(`tool name ${name} is used twice: only the first is imported`, { field: 'name' });
      continue;
    }
    const tool = convertTool(rawTool, name, {
      connectors,
      unsupported,
      policies,
      policyByBlock,
      findings,
      rootCache: raw.rootCache,
    });
    if (tool === null) continue;
    // Every statement through the pipeline's compiler, with the reason and fix of each refusal.
    const context: DraftContext = {
      connectors: [...connectors.values()].map((c) => ({ id: c.name, name: c.name, type: c.type })),
      policies: [...policies.values()].map((p) => ({
        id: p.name,
        name: p.name,
        plugin: p.plugin,
        params: p.params,
      })),
      secretNames: [],
    };
    const refusals: ImportFinding[] = [];
    if (tool.kind === 'statement') {
      const type = connectors.get(tool.connector!)!.type;
      const compiled = compileStatement(tool.statement!, {
        connectorType: type,
        inputs: inputSpecs(tool),
        legacyPlaceholders: tool.legacyPlaceholders,
      });
      for (const d of compiled.diagnostics) {
        if (d.severity !== 'error') continue;
        const fix = FIXES[d.code];
        refusals.push({
          severity: 'error',
          code: 'STATEMENT_REFUSED',
          file: rawTool.file,
          tool: name,
          field: 'statement',
          ...(d.line === undefined ? {} : { line: d.line, column: d.column ?? 1 }),
          message: d.message,
          ...(fix ? { fix } : {}),
        });
      }
    }
    for (const d of checkToolDraft(
      toolDraftOf(
        tool,
        (n) => n,
        (n) => n,
      ),
      context,
    )) {
      if (d.severity !== 'error' || d.field === 'statement') continue;
      refusals.push({
        severity: 'error',
        code: 'TOOL_INVALID',
        file: rawTool.file,
        tool: name,
        field: d.field,
        ...(d.line === undefined ? {} : { line: d.line, column: d.column ?? 1 }),
        message: d.message,
      });
    }
    if (refusals.length > 0) {
      findings.push(...refusals);
      skip(`tool ${name} is not imported: ${refusals.length} problem(s) above`);
      continue;
    }
    for (const [field, script] of [
      ['handler', rawTool.handler],
      ['mappers.input', rawTool.inputMapper],
      ['mappers.output', rawTool.outputMapper],
    ] as const) {
      if (!script) continue;
      for (const at of findSyncFetch(script.source)) {
        findings.push({
          severity: 'warning',
          code: 'SYNC_FETCH',
          file: script.file,
          tool: name,
          field,
          line: at.line,
          column: at.column,
          message:
            "fetch is called without await: Hyperterse's fetch is synchronous, Toolplane's returns a promise",
          fix: 'write await fetch(…) and make the function async',
        });
      }
    }
    const scripts = [rawTool.handler, rawTool.inputMapper, rawTool.outputMapper];
    if (
      rawTool.folder !== null &&
      rawTool.folder !== name &&
      scripts.some((s) => s && /\btool\b/.test(s.source))
    ) {
      findings.push({
        severity: 'warning',
        code: 'NO_EQUIVALENT',
        file: rawTool.file,
        tool: name,
        message: `a script reads tool: Hyperterse passes the folder path (${rawTool.folder}), Toolplane the tool's name (${name})`,
        fix: 'check what the script does with it',
      });
    }
    taken.add(name);
    tools.push(tool);
    sources[`tool:${name}`] = rawTool.file;
  }

  for (const [name] of policies) {
    if (!tools.some((t) => t.auth === name)) policies.delete(name);
  }
  const config = sortConfig({
    secrets: [],
    connectors: [...connectors.values()],
    policies: [...policies.values()],
    tools,
    sources,
  });
  config.secrets = [...referencedSecrets(config)].sort();
  return { format: raw.format, project: raw.project, config, findings };
}

function inputSpecs(tool: ToolSpec): Map<string, InputSpec> {
  return new Map(
    tool.inputs.map((i) => [
      i.name,
      {
        name: i.name,
        type: i.type,
        optional: i.optional ?? false,
        description: i.description,
        default: i.default,
      },
    ]),
  );
}
