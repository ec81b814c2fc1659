// Browser-safe (exported as `@toolplane/services/tool-draft`): the tool editor runs this as the
// user types, and the service runs the same checks before saving. Imports only the pipeline's
// browser-safe compiler, the script checker and the shared stored → pipeline converter.
import { compileTool, type Diagnostic } from '@toolplane/pipeline/compile';
import { compileScript } from '@toolplane/scripts';
import { toPipelineDefinition } from '@toolplane/tool-definition/to-pipeline-definition';

export const INPUT_TYPES = ['string', 'int', 'float', 'boolean', 'datetime'] as const;

export interface ToolInputDraft {
  name: string;
  type: (typeof INPUT_TYPES)[number];
  description?: string;
  optional?: boolean;
  default?: string | number | boolean;
}

/**
 * A tool as the editor holds it: packages/db's definition shape (connector and policy by id).
 * `authInline` is the stored inline auth block as services hand it out, credentials redacted:
 * shown and compiled, never saved back (see submittedToolDraft).
 */
export interface ToolDraft {
  name: string;
  title: string | null;
  description: string;
  kind: 'statement' | 'script';
  connectorId: string | null;
  statement: string | null;
  inputs: ToolInputDraft[];
  handlerSource: string | null;
  handlerExport: string | null;
  inputMapperSource: string | null;
  inputMapperExport: string | null;
  outputMapperSource: string | null;
  outputMapperExport: string | null;
  authPolicyId: string | null;
  authInline: Record<string, unknown> | null;
  cacheEnabled: boolean;
  cacheTtlSeconds: number | null;
  readOnly: boolean;
  rowCap: number | null;
  timeoutMs: number | null;
  declaredSecrets: string[];
  annotations: Record<string, unknown>;
  legacyPlaceholders: boolean;
  enabled: boolean;
}

export interface DraftContext {
  connectors: { id: string; name: string; type: string }[];
  policies: { id: string; name: string; plugin: string; params: unknown }[];
  secretNames: string[];
}

/** A problem to show: the field it belongs to, and a position for code fields. */
export interface DraftDiagnostic {
  severity: 'error' | 'warning';
  field: string;
  message: string;
  line?: number;
  column?: number;
  offset?: number;
  length?: number;
}

export function emptyToolDraft(kind: 'statement' | 'script' = 'statement'): ToolDraft {
  return {
    name: '',
    title: null,
    description: '',
    kind,
    connectorId: null,
    statement: kind === 'statement' ? '' : null,
    inputs: [],
    handlerSource:
      kind === 'script'
        ? 'export default async function handler({ inputs }) {\n  return { hello: inputs.name ?? "world" };\n}\n'
        : null,
    handlerExport: null,
    inputMapperSource: null,
    inputMapperExport: null,
    outputMapperSource: null,
    outputMapperExport: null,
    authPolicyId: null,
    authInline: null,
    cacheEnabled: false,
    cacheTtlSeconds: null,
    readOnly: true,
    rowCap: null,
    timeoutMs: null,
    declaredSecrets: [],
    annotations: {},
    legacyPlaceholders: false,
    enabled: true,
  };
}

/** What the editor posts to save a draft: ToolDraft with `authInline` left out or null. */
export type SubmittedToolDraft = Omit<ToolDraft, 'authInline'> & { authInline?: null };

/**
 * The draft as the editor posts it. Its inline auth block holds `[redacted]` stand-ins, which
 * the data layer would seal as the credential: it is left out, so the stored block stays as it
 * is, and sent as null only when the user removed it.
 */
export function submittedToolDraft(draft: ToolDraft): SubmittedToolDraft {
  const { authInline, ...fields } = draft;
  return authInline === null ? { ...fields, authInline: null } : fields;
}

/** The plugin an inline auth block names, for notices and messages (never its parameters). */
export function inlineAuthPlugin(authInline: unknown): string {
  const plugin =
    authInline !== null && typeof authInline === 'object' && !Array.isArray(authInline)
      ? (authInline as { plugin?: unknown }).plugin
      : undefined;
  return typeof plugin === 'string' && plugin ? plugin : 'unknown plugin';
}

/**
 * The editor's empty fields are "not set", not values: an empty description or default would
 * otherwise reach the pipeline as a declared `''`.
 */
function storedInputs(inputs: readonly ToolInputDraft[]): Record<string, unknown>[] {
  return inputs.map(({ name, type, description, optional, default: fallback }) => ({
    name,
    type,
    ...(description ? { description } : {}),
    ...(optional ? { optional: true } : {}),
    ...(fallback === undefined || fallback === '' ? {} : { default: fallback }),
  }));
}

const FIELD_OF: Record<string, string> = {
  connector: 'connectorId',
  rowLimit: 'rowCap',
  secrets: 'declaredSecrets',
  handler: 'handlerSource',
  auth: 'authPolicyId',
};

function fieldOf(path: readonly (string | number)[]): string {
  const [head, second] = path;
  if (head === undefined) return 'form';
  if (head === 'inputs' && second !== undefined) return `inputs.${second}`;
  return FIELD_OF[String(head)] ?? String(head);
}

function scriptDiagnostics(
  field: string,
  source: string | null,
  exportName: string | null,
  required: boolean,
): DraftDiagnostic[] {
  if (!source?.trim()) {
    return required ? [{ severity: 'error', field, message: 'Write the handler.' }] : [];
  }
  const result = compileScript(source, {
    language: 'typescript',
    exportName: exportName || 'default',
  });
  if (result.ok) return [];
  const { message, line, column } = result.error;
  return [
    {
      severity: 'error',
      field,
      message,
      ...(line === undefined ? {} : { line }),
      ...(column === undefined ? {} : { column }),
    },
  ];
}

/**
 * Every problem with a draft: the pipeline's `compileTool` (schema, inputs, statement per
 * dialect, auth) and `@toolplane/scripts` for handler and mappers. Errors block saving.
 */
export function checkToolDraft(draft: ToolDraft, context: DraftContext): DraftDiagnostic[] {
  const out: DraftDiagnostic[] = [];
  if (draft.kind === 'statement' && !draft.connectorId) {
    out.push({ severity: 'error', field: 'connectorId', message: 'Choose a connector.' });
  }
  const seen = new Set<string>();
  draft.inputs.forEach((input, index) => {
    if (seen.has(input.name)) {
      out.push({
        severity: 'error',
        field: `inputs.${input.name}`,
        message: `Input ${input.name} is declared twice.`,
      });
    }
    seen.add(input.name);
    if (!input.name)
      out.push({ severity: 'error', field: `inputs.#${index}`, message: 'Name every input.' });
  });
  const definition = toPipelineDefinition(
    { ...draft, inputs: storedInputs(draft.inputs) },
    {
      connectorName: (id) => context.connectors.find((c) => c.id === id)?.name,
      authPolicy: (id) => context.policies.find((p) => p.id === id),
    },
  );
  const compiled = compileTool(definition, {
    connectorType: (name) => context.connectors.find((c) => c.name === name)?.type,
    knownSecrets: context.secretNames,
  });
  for (const d of compiled.diagnostics as Diagnostic[]) {
    if (draft.kind === 'statement' && !draft.connectorId && fieldOf(d.path) === 'connectorId')
      continue;
    out.push({
      severity: d.severity,
      field: fieldOf(d.path),
      message: d.message,
      ...(d.line === undefined ? {} : { line: d.line }),
      ...(d.column === undefined ? {} : { column: d.column }),
      ...(d.offset === undefined ? {} : { offset: d.offset }),
      ...(d.length === undefined ? {} : { length: d.length }),
    });
  }
  if (draft.kind === 'script') {
    out.push(...scriptDiagnostics('handlerSource', draft.handlerSource, draft.handlerExport, true));
  }
  out.push(
    ...scriptDiagnostics(
      'inputMapperSource',
      draft.inputMapperSource,
      draft.inputMapperExport,
      false,
    ),
  );
  out.push(
    ...scriptDiagnostics(
      'outputMapperSource',
      draft.outputMapperSource,
      draft.outputMapperExport,
      false,
    ),
  );
  return out;
}
