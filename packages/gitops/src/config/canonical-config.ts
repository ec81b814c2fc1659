import type { ToolInputDraft } from '@toolplane/services/tool-draft';
import type { WorkspaceConfig } from './workspace-config';

/** Names in a stable order, so plans, exports and comparisons do not depend on file order. */
export function sortConfig(config: WorkspaceConfig): WorkspaceConfig {
  const byName = <T extends { name: string }>(a: T, b: T) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
  return {
    ...config,
    secrets: [...new Set(config.secrets)].sort(),
    connectors: [...config.connectors].sort(byName),
    policies: [...config.policies].sort(byName),
    tools: [...config.tools].sort(byName),
  };
}

/** Inputs in one canonical shape (no empty description, no `optional: false`). */
export function canonicalInputs(inputs: readonly unknown[]): ToolInputDraft[] {
  return inputs.map((entry) => {
    const input = entry as ToolInputDraft;
    return {
      name: input.name,
      type: input.type,
      ...(input.description ? { description: input.description } : {}),
      ...(input.optional ? { optional: true } : {}),
      ...(input.default === undefined || input.default === '' ? {} : { default: input.default }),
    };
  });
}

/** JSON with sorted keys: equal values give equal text. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) =>
            a < b ? -1 : a > b ? 1 : 0,
          ),
        )
      : v,
  );
}
