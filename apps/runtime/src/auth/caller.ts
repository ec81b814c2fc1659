import type { CallerToken } from '@toolplane/pipeline';

/** Who is calling, once the bearer token checked out. */
export interface Caller {
  readonly workspaceId: string;
  /** What the pipeline sees (tool list and scopes). */
  readonly token: CallerToken;
  /** The API token (`tok_…`), for last-used tracking and the invocation log; null for users. */
  readonly apiTokenId: string | null;
  /** The user a runtime token was minted for; null for API tokens. */
  readonly userId: string | null;
  /** Rate-limit key of this credential. */
  readonly limitKey: string;
  /** The tools it may see, as a set; null for all. */
  readonly toolSet: ReadonlySet<string> | null;
}
