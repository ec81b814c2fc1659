import type { ConfigProblem } from '../config/workspace-config';

export type ItemKind = 'secret' | 'connector' | 'policy' | 'tool';

export interface PlanItem {
  kind: ItemKind;
  name: string;
}

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** What applying a config would do. Credentials show as `[redacted]`, never their value. */
export interface WorkspacePlan {
  created: PlanItem[];
  changed: (PlanItem & { changes: FieldChange[] })[];
  unchanged: PlanItem[];
  /** Only with `prune`: in the workspace, not in the config. */
  deleted: PlanItem[];
  /** Secrets the config needs that the workspace has no value for (set them before calling). */
  missingSecrets: string[];
  /** What stops the config from being applied (apply refuses while there are any). */
  problems: ConfigProblem[];
}
