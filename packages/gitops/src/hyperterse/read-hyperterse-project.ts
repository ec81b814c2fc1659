import type { z } from 'zod';
import { dirnameOf, joinProjectPath, splitScriptReference } from '../config/project-path';
import { readYamlDocument } from '../config/read-yaml-document';
import {
  type HyperterseAdapter,
  type HyperterseTool,
  ZHyperterseAdapter,
  ZHyperterseRoot,
  ZHyperterseTool,
  ZHyperterseV1,
} from './hyperterse-schema';
import type { ImportFinding } from './import-finding';

export interface LocatedScript {
  source: string;
  exportName: string | null;
  file: string;
}

export type RawAdapter = HyperterseAdapter & { name: string; file: string };

export interface RawTool {
  name: string;
  file: string;
  fields: Omit<HyperterseTool, 'handler' | 'mappers'>;
  handler: LocatedScript | null;
  inputMapper: LocatedScript | null;
  outputMapper: LocatedScript | null;
  /** Hyperterse < v1.3 (the v1 single-file format): bare string placeholders are values. */
  legacy: boolean;
  /** The tool's folder below the tools directory: what Hyperterse passes scripts as `tool`. */
  folder: string | null;
}

export interface RawProject {
  format: 'v1' | 'v2';
  project: string | null;
  rootCache: { enabled?: boolean | undefined; ttl?: number | undefined };
  adapters: RawAdapter[];
  tools: RawTool[];
  findings: ImportFinding[];
}

const ROOT_FILE = '.hyperterse';

function invalid(
  findings: ImportFinding[],
  file: string,
  message: string,
  extra: Partial<ImportFinding> = {},
) {
  findings.push({ severity: 'error', code: 'INVALID_FILE', file, message, ...extra });
}

function parseYaml<S extends z.ZodType>(
  findings: ImportFinding[],
  file: string,
  text: string,
  schema: S,
): z.output<S> | undefined {
  const read = readYamlDocument(file, text);
  if (!read.ok) {
    for (const p of read.problems)
      invalid(findings, file, p.message, p.line === undefined ? {} : { line: p.line });
    return undefined;
  }
  const parsed = schema.safeParse(read.doc.value ?? {});
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
    const line = read.doc.lineOf(path);
    const message =
      issue.code === 'unrecognized_keys'
        ? `unknown field(s): ${issue.keys.join(', ')}`
        : issue.message;
    invalid(findings, file, message, {
      field: path.join('.') || 'document',
      ...(line === undefined ? {} : { line }),
    });
  }
  return undefined;
}

/** `users/List Users` → `users-list-users`: Hyperterse's name for a tool folder. */
export function toolNameOfFolder(relativeFolder: string): string {
  return relativeFolder
    .split('/')
    .filter((s) => s !== '')
    .map((segment) => segment.toLowerCase().replace(/[^a-z0-9_-]+/g, '-'))
    .join('-');
}

/**
 * Reads a Hyperterse project's files: the v2 layout (`.hyperterse`, recursive adapters and
 * tools, convention-discovered scripts) or the v1 single `.terse` file. Pure.
 */
export function readHyperterseProject(files: Map<string, string>): RawProject {
  const findings: ImportFinding[] = [];
  if (files.has(ROOT_FILE)) return readV2(files, findings);
  const single = [...files.keys()].filter((f) => !f.includes('/') && f.endsWith('.terse'));
  if (single.length === 1) return readV1(single[0]!, files.get(single[0]!)!, findings);
  invalid(
    findings,
    ROOT_FILE,
    single.length > 1
      ? `found ${single.length} .terse files and no .hyperterse: send one v1 file or a v2 project`
      : 'no .hyperterse root file (v2) or single .terse file (v1)',
  );
  return { format: 'v2', project: null, rootCache: {}, adapters: [], tools: [], findings };
}

function readV2(files: Map<string, string>, findings: ImportFinding[]): RawProject {
  const root = parseYaml(findings, ROOT_FILE, files.get(ROOT_FILE)!, ZHyperterseRoot);
  const project: RawProject = {
    format: 'v2',
    project: root?.name ?? null,
    rootCache: { enabled: root?.tools?.cache?.enabled, ttl: root?.tools?.cache?.ttl },
    adapters: [],
    tools: [],
    findings,
  };
  if (!root) return project;
  serverSettings(findings, ROOT_FILE, root);
  const appRoot = joinProjectPath('', root.root ?? 'app') ?? 'app';
  const toolsDir = joinProjectPath(appRoot, root.tools?.directory ?? 'tools') ?? `${appRoot}/tools`;
  const adaptersDir =
    joinProjectPath(appRoot, root.adapters?.directory ?? 'adapters') ?? `${appRoot}/adapters`;
  const sorted = [...files.keys()].sort();

  for (const file of sorted.filter(
    (f) => f.startsWith(`${adaptersDir}/`) && f.endsWith('.terse'),
  )) {
    const adapter = parseYaml(findings, file, files.get(file)!, ZHyperterseAdapter);
    if (!adapter) continue;
    const base = file.slice(file.lastIndexOf('/') + 1).replace(/\.terse$/, '');
    project.adapters.push({ ...adapter, name: adapter.name ?? base, file });
  }

  for (const file of sorted.filter(
    (f) => f.startsWith(`${toolsDir}/`) && f.endsWith('/config.terse'),
  )) {
    const tool = parseYaml(findings, file, files.get(file)!, ZHyperterseTool);
    if (!tool) continue;
    const dir = dirnameOf(file);
    const name = tool.name ?? toolNameOfFolder(dir.slice(toolsDir.length + 1));
    const { handler, mappers, ...fields } = tool;
    const siblings = sorted
      .filter((f) => dirnameOf(f) === dir && f.endsWith('.ts'))
      .map((f) => f.slice(dir.length + 1));
    const locate = (
      field: string,
      reference: string | undefined,
      discovered: () => string | null | undefined,
    ) => {
      if (reference !== undefined)
        return resolveScript(files, findings, { file, tool: name, field, dir, reference });
      const found = discovered();
      if (found === undefined) {
        findings.push({
          severity: 'error',
          code: 'TOOL_INVALID',
          file,
          tool: name,
          field,
          message: `more than one file in ${dir} could be the ${field} by Hyperterse's conventions`,
          fix: `name it in config.terse (${field}: ./file.ts)`,
        });
        return null;
      }
      return found === null
        ? null
        : resolveScript(files, findings, { file, tool: name, field, dir, reference: `./${found}` });
    };
    project.tools.push({
      name,
      file,
      fields,
      handler:
        tool.use === undefined
          ? locate('handler', handler, () =>
              discover(siblings, 'handler.ts', (n) => n.includes('handler')),
            )
          : null,
      inputMapper: locate('mappers.input', mappers?.input, () =>
        discover(siblings, 'input.ts', (n) => n.includes('input') && n.includes('validator')),
      ),
      outputMapper: locate('mappers.output', mappers?.output, () =>
        discover(siblings, 'output.ts', (n) => n.includes('data') && n.includes('mapper')),
      ),
      legacy: false,
      folder: dir.slice(toolsDir.length + 1),
    });
    if (tool.use !== undefined && handler !== undefined) {
      findings.push({
        severity: 'error',
        code: 'TOOL_INVALID',
        file,
        tool: name,
        field: 'handler',
        message: 'a tool has either use (an adapter) or a handler, not both',
      });
    }
  }
  return project;
}

/** The exact name wins; otherwise the one file matching; `undefined` when ambiguous. */
function discover(
  siblings: string[],
  exact: string,
  matches: (name: string) => boolean,
): string | null | undefined {
  if (siblings.includes(exact)) return exact;
  const found = siblings.filter((s) => matches(s.toLowerCase()));
  if (found.length === 0) return null;
  return found.length === 1 ? found[0]! : undefined;
}

function resolveScript(
  files: Map<string, string>,
  findings: ImportFinding[],
  at: { file: string; tool: string; field: string; dir: string; reference: string },
): LocatedScript | null {
  const { path, exportName } = splitScriptReference(at.reference);
  const relative = path.startsWith('./') || path.startsWith('../');
  // A bare name: the tool's folder first, then the project root.
  const candidates = relative
    ? [joinProjectPath(at.dir, path)]
    : [joinProjectPath(at.dir, path), joinProjectPath('', path)];
  for (const candidate of candidates) {
    if (candidate !== null && files.has(candidate)) {
      return { source: files.get(candidate)!, exportName, file: candidate };
    }
  }
  findings.push({
    severity: 'error',
    code: 'SCRIPT_MISSING',
    file: at.file,
    tool: at.tool,
    field: at.field,
    message: `${path} is not in the project`,
    fix: 'send the script with the project, or fix the path',
  });
  return null;
}

function readV1(file: string, text: string, findings: ImportFinding[]): RawProject {
  const doc = parseYaml(findings, file, text, ZHyperterseV1);
  const project: RawProject = {
    format: 'v1',
    project: doc?.name ?? null,
    rootCache: {
      enabled: doc?.server?.queries?.cache?.enabled,
      ttl: doc?.server?.queries?.cache?.ttl,
    },
    adapters: [],
    tools: [],
    findings,
  };
  if (!doc) return project;
  serverSettings(findings, file, doc);
  for (const [name, adapter] of Object.entries(doc.adapters ?? {})) {
    project.adapters.push({ ...adapter, name, file });
  }
  for (const [name, query] of Object.entries(doc.queries ?? {})) {
    const { use, description, statement, inputs, cache, ...rest } = query;
    for (const key of Object.keys(rest)) {
      findings.push({
        severity: 'warning',
        code: 'NO_EQUIVALENT',
        file,
        tool: name,
        field: key,
        message: `query field ${key} has no Toolplane equivalent and was ignored`,
      });
    }
    project.tools.push({
      name,
      file,
      fields: {
        ...(use === undefined ? {} : { use }),
        ...(description === undefined ? {} : { description }),
        ...(statement === undefined ? {} : { statement }),
        ...(inputs === undefined ? {} : { inputs }),
        ...(cache === undefined ? {} : { cache: { enabled: cache.enabled, ttl: cache.ttl } }),
      },
      handler: null,
      inputMapper: null,
      outputMapper: null,
      legacy: true,
      folder: null,
    });
  }
  return project;
}

/** Hyperterse's own server settings: the runtime serves every workspace, so none applies. */
function serverSettings(findings: ImportFinding[], file: string, root: Record<string, unknown>) {
  const server = (root.server ?? {}) as Record<string, unknown>;
  const build = (root.build ?? {}) as Record<string, unknown>;
  const fields = [
    ...Object.keys(server)
      .filter((key) => key !== 'queries')
      .map((key) => `server.${key}`),
    ...Object.keys(build).map((key) => `build.${key}`),
  ];
  if (fields.length === 0) return;
  findings.push({
    severity: 'warning',
    code: 'NO_EQUIVALENT',
    file,
    field: fields.join(', '),
    message: `${fields.join(', ')}: Hyperterse server settings have no equivalent (Toolplane's runtime serves every workspace) and were ignored`,
  });
}
