import { AsyncLocalStorage } from 'node:async_hooks';
import type { DenyEntry, Resolver } from '@toolplane/net-policy';
import type { ScriptRunnerPort } from '@toolplane/pipeline';
import {
  type ConsoleEntry,
  createSandbox,
  createScriptRunnerPort,
  type Sandbox,
} from '@toolplane/sandbox';
import type { Logger } from '../logger';
import type { WorkspaceRegistry } from '../registry/create-workspace-registry';

/** Console lines of the scripts one tools/call ran, for its invocation record. */
export type ConsoleCapture = AsyncLocalStorage<ConsoleEntry[]>;

export interface SandboxScriptRunner {
  readonly port: ScriptRunnerPort;
  readonly sandbox: Sandbox;
  /** Runs `fn` with a fresh console buffer that scripts run inside it append to. */
  readonly capture: ConsoleCapture;
}

/**
 * The pipeline's script-runner port over `@toolplane/sandbox`: scripts come from the workspace
 * snapshot by path, each workspace's limits (CPU, wall, memory, result size) and egress
 * allow-list apply, `fetch` goes through the same address policy as connectors.
 */
export function createSandboxScriptRunner(deps: {
  registry: WorkspaceRegistry;
  logger: Logger;
  allowPrivateNetworks: boolean;
  deny: readonly DenyEntry[];
  resolver?: Resolver;
  /** isolated-vm hit a catastrophic error: the process must stop taking traffic and restart. */
  onCatastrophicError?: (details: Record<string, unknown>) => void;
}): SandboxScriptRunner {
  const { registry, logger } = deps;
  const capture: ConsoleCapture = new AsyncLocalStorage();
  const sandbox = createSandbox({
    network: {
      allowPrivateNetworks: deps.allowPrivateNetworks,
      deny: deps.deny,
      ...(deps.resolver ? { resolver: deps.resolver } : {}),
    },
    onInternalError: (error, where) => logger.error('sandbox internal error', { where, error }),
    onCatastrophicError: (message, workspaceId, state) =>
      deps.onCatastrophicError?.({ message, workspaceId, ...state }),
  });
  const port = createScriptRunnerPort(sandbox, {
    async load(workspaceId, path) {
      const script = (await registry.byId(workspaceId))?.scripts.get(path);
      return script ? { source: script.source, filename: path } : undefined;
    },
    async settings(workspaceId) {
      const snapshot = await registry.byId(workspaceId);
      if (!snapshot) return {};
      const ws = snapshot.workspace;
      return {
        egress: ws.egressAllowList,
        limits: {
          cpuMs: ws.scriptCpuMs,
          wallMs: ws.scriptWallMs,
          memoryMb: ws.scriptMemoryMb,
          maxResultBytes: ws.maxResultBytes,
        },
      };
    },
    onRun(_request, result) {
      const lines = capture.getStore();
      if (lines && result.console.length > 0) lines.push(...result.console);
    },
  });
  return { port, sandbox, capture };
}
