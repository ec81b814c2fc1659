import type { Tool, Workspace } from '@toolplane/db';
import type {
  CompiledTool,
  McpToolListing,
  SecretValue,
  WorkspaceSettings,
} from '@toolplane/pipeline';

/** A tool as `tools/list` shows it (the pipeline's listing plus the MCP `title`). */
export type ToolListing = McpToolListing & { title?: string };

export type LoadedTool =
  | {
      readonly ok: true;
      readonly row: Tool;
      readonly compiled: CompiledTool;
      readonly listing: ToolListing;
    }
  | { readonly ok: false; readonly row: Tool; readonly problem: string };

export interface SnapshotConnector {
  readonly id: string;
  readonly type: 'postgres' | 'mysql' | 'redis';
  /** Connector version, plus the version of the secret holding its URL: the pool version. */
  readonly poolVersion: string;
}

/** A stored script, by the path to-pipeline-definition put in its reference. */
export interface ScriptSource {
  readonly source: string;
}

/**
 * Everything the runtime caches about one workspace, read once and compiled once; replaced as a
 * whole when the control plane announces a change. Immutable after loading.
 */
export interface WorkspaceSnapshot {
  readonly workspace: Workspace;
  readonly settings: WorkspaceSettings;
  /** Enabled tools by name (compiled, or why not). */
  readonly tools: ReadonlyMap<string, LoadedTool>;
  /** Enabled tools that compiled, sorted by name: `tools/list` pages through it. */
  readonly listing: readonly ToolListing[];
  readonly connectors: ReadonlyMap<string, SnapshotConnector>;
  readonly secrets: Readonly<Record<string, SecretValue>>;
  /** Script path (`tools/<name>/handler`, …) → source. */
  readonly scripts: ReadonlyMap<string, ScriptSource>;
  readonly loadedAt: number;
}
