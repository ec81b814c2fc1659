import type { JsonValue } from '@toolplane/db';
import type { z } from 'zod';
import { canonicalInputs, sortConfig } from './canonical-config';
import { type ConfigDocument, ZConfigDocument } from './config-document-schema';
import { checkFilesMap, dirnameOf, joinProjectPath, splitScriptReference } from './project-path';
import { readYamlDocument } from './read-yaml-document';
import {
  type ConfigProblem,
  type ConnectorSpec,
  CREDENTIAL_PARAMS,
  type PolicySpec,
  type ScriptSpec,
  SECRET_REFERENCE,
  type ToolSpec,
  type WorkspaceConfig,
} from './workspace-config';

export type ParseConfigResult =
  | { ok: true; config: WorkspaceConfig }
  | { ok: false; errors: ConfigProblem[] };

const YAML_FILE = /\.ya?ml$/i;

/**
 * A workspace folder (relative path → text) as a WorkspaceConfig, or every problem named by file
 * and field. Pure: the CLI reads the folder, the server parses what it sent. Every YAML file is
 * one document with a `kind`; scripts are files beside them, referenced by relative path.
 */
export function parseConfigFiles(input: unknown): ParseConfigResult {
  const checked = checkFilesMap(input);
  if (!checked.ok) return { ok: false, errors: checked.problems };
  const files = checked.files;
  const errors: ConfigProblem[] = [];
  const config: WorkspaceConfig = {
    secrets: [],
    connectors: [],
    policies: [],
    tools: [],
    sources: {},
  };
  const seen = new Map<string, string>();

  const claim = (kind: string, name: string, file: string) => {
    const key = `${kind}:${name}`;
    const first = seen.get(key);
    if (first !== undefined) {
      errors.push({ file, field: 'name', message: `${kind} ${name} is also declared in ${first}` });
      return false;
    }
    seen.set(key, file);
    config.sources![key] = file;
    return true;
  };

  for (const file of [...files.keys()].sort()) {
    if (!YAML_FILE.test(file)) continue;
    const read = readYamlDocument(file, files.get(file)!);
    if (!read.ok) {
      errors.push(...read.problems);
      continue;
    }
    const parsed = ZConfigDocument.safeParse(read.doc.value);
    if (!parsed.success) {
      errors.push(...zodProblems(file, parsed.error, read.doc.lineOf));
      continue;
    }
    const document: ConfigDocument = parsed.data;
    const problem = (field: string, message: string) => {
      const line = read.doc.lineOf(field.split('.'));
      errors.push({ file, field, message, ...(line === undefined ? {} : { line }) });
    };
    const script = (field: string, reference: string | undefined): ScriptSpec | null => {
      if (reference === undefined) return null;
      const { path, exportName } = splitScriptReference(reference);
      const target = joinProjectPath(dirnameOf(file), path);
      const source = target === null ? undefined : files.get(target);
      if (source === undefined) {
        problem(field, `${path} is not a file of the folder`);
        return null;
      }
      return { source, exportName };
    };

    switch (document.kind) {
      case 'secrets':
        for (const name of document.secrets) {
          if (claim('secret', name, file)) config.secrets.push(name);
        }
        break;
      case 'connector': {
        if (!claim('connector', document.name, file)) break;
        const connector: ConnectorSpec = {
          name: document.name,
          type: document.type,
          description: document.description ?? '',
          connection: document.connection
            ? { secret: SECRET_REFERENCE.exec(document.connection)![1]! }
            : null,
          options:
            document.options?.poolSize === undefined ? {} : { poolSize: document.options.poolSize },
        };
        config.connectors.push(connector);
        break;
      }
      case 'policy': {
        if (!claim('policy', document.name, file)) break;
        const params = (document.params ?? {}) as Record<string, JsonValue>;
        for (const [key, value] of Object.entries(params)) {
          if (
            CREDENTIAL_PARAMS.has(key) &&
            !(typeof value === 'string' && SECRET_REFERENCE.test(value))
          ) {
            problem(
              `params.${key}`,
              'use a {{ env.NAME }} secret reference, or leave it out to keep the stored value',
            );
          }
        }
        let source: ScriptSpec | null = null;
        if (document.plugin === 'script') {
          if (document.script === undefined)
            problem('script', 'a script policy names its script file');
          else source = script('script', document.script);
        } else if (document.script !== undefined) {
          problem('script', `only script policies have a script (this one is ${document.plugin})`);
        }
        const policy: PolicySpec = {
          name: document.name,
          description: document.description ?? '',
          plugin: document.plugin,
          params,
          script: source,
        };
        config.policies.push(policy);
        break;
      }
      case 'tool': {
        if (!claim('tool', document.name, file)) break;
        const isStatement = document.statement !== undefined || document.connector !== undefined;
        if (isStatement && document.handler !== undefined) {
          problem(
            'handler',
            'a tool is a statement (connector + statement) or a script (handler), not both',
          );
          break;
        }
        if (!isStatement && document.handler === undefined) {
          problem('statement', 'give connector + statement, or a handler');
          break;
        }
        if (isStatement && (document.connector === undefined || document.statement === undefined)) {
          problem(
            document.connector === undefined ? 'connector' : 'statement',
            'a statement tool needs a connector and a statement',
          );
          break;
        }
        const tool: ToolSpec = {
          name: document.name,
          title: document.title ?? null,
          description: document.description ?? '',
          kind: isStatement ? 'statement' : 'script',
          connector: document.connector ?? null,
          statement: document.statement ?? null,
          inputs: canonicalInputs(
            Object.entries(document.inputs ?? {}).map(([name, declaration]) => ({
              name,
              ...declaration,
            })),
          ),
          handler: script('handler', document.handler),
          mappers: {
            input: script('mappers.input', document.mappers?.input),
            output: script('mappers.output', document.mappers?.output),
          },
          auth: document.auth ?? null,
          cache: { enabled: document.cache?.enabled ?? false, ttl: document.cache?.ttl ?? null },
          readOnly: document.readOnly ?? true,
          rowLimit: document.rowLimit ?? null,
          timeoutMs: document.timeoutMs ?? null,
          secrets: document.secrets ?? [],
          annotations: document.annotations ?? {},
          legacyPlaceholders: document.legacyPlaceholders ?? false,
          enabled: document.enabled ?? true,
        };
        config.tools.push(tool);
        break;
      }
    }
  }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, config: sortConfig(config) };
}

function zodProblems(
  file: string,
  error: z.ZodError,
  lineOf: (path: readonly PropertyKey[]) => number | undefined,
): ConfigProblem[] {
  const out: ConfigProblem[] = [];
  for (const issue of error.issues) {
    const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
    const field = path.join('.') || 'document';
    if (out.some((p) => p.field === field)) continue;
    let message = issue.message;
    if (issue.code === 'invalid_union' && (path.length === 0 || field === 'kind')) {
      message = 'every YAML file needs kind: connector, secrets, policy or tool';
    } else if (issue.code === 'unrecognized_keys') {
      message = `unknown field(s): ${issue.keys.join(', ')}`;
    }
    const line = lineOf(path);
    out.push({ file, field, message, ...(line === undefined ? {} : { line }) });
  }
  return out;
}
