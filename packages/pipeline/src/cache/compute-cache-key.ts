import type { CompiledStatementTool } from '../compile/compiled-tool';
import type { InputValue } from '../inputs/input-type';
import type { ParamSpec } from '../params/param-spec';
import type { HashPort } from '../ports/pipeline-ports';
import type { ValueRef } from '../template/value-ref';

export interface CacheKeyParts {
  readonly workspaceId: string;
  readonly tool: CompiledStatementTool;
  readonly inputs: Readonly<Record<string, InputValue>>;
  /** Versions of the secrets the statement binds — never their values. */
  readonly secretVersions: Readonly<Record<string, string | number>>;
}

function keyOf(ref: ValueRef, parts: CacheKeyParts): unknown {
  return ref.scope === 'env'
    ? { secret: ref.name, version: parts.secretVersions[ref.name] ?? null }
    : (parts.inputs[ref.name] ?? null);
}

function paramKey(spec: string | ParamSpec, parts: CacheKeyParts): unknown {
  if (typeof spec === 'string') return spec;
  if (spec.kind === 'value') return keyOf(spec.ref, parts);
  return spec.parts.map((part) => (typeof part === 'string' ? part : keyOf(part, parts)));
}

/**
 * The cache key of one statement call: workspace, tool, definition version, and a digest
 * (through the hash port) of the compiled statement, its bound input values and the versions
 * of the secrets it binds. Secret values never enter the key, so rotating a secret (a new
 * version) starts a fresh cache and reading the key reveals nothing.
 */
export async function computeCacheKey(parts: CacheKeyParts, hash: HashPort): Promise<string> {
  const { tool } = parts;
  const statement = tool.statement;
  const material = JSON.stringify(
    statement.dialect === 'redis'
      ? [
          tool.connector.name,
          'redis',
          statement.command,
          statement.args.map((a) => paramKey(a, parts)),
        ]
      : [
          tool.connector.name,
          statement.dialect,
          statement.text,
          statement.params.map((p) => paramKey(p, parts)),
        ],
  );
  const digest = await hash.hash(material);
  return `toolplane:result:v1:${parts.workspaceId}:${tool.name}:${tool.version}:${digest}`;
}
