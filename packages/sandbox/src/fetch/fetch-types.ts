/** A request as the isolate sends it; every field is re-validated on the host. */
export type ScriptFetchRequest = {
  url: string;
  method: string;
  headers: [string, string][];
  body: ArrayBuffer | null;
  redirect: 'follow' | 'manual' | 'error';
};

/** What the isolate receives: a response, or a message for the TypeError `fetch` rejects with. */
export type FetchOutcome =
  | {
      ok: true;
      status: number;
      statusText: string;
      headers: [string, string][];
      url: string;
      redirected: boolean;
      body: ArrayBuffer;
    }
  | { ok: false; message: string };

/** One HTTP exchange with an address already checked and pinned. */
export type TransportRequest = {
  url: URL;
  /** Connect here, never to what the host name resolves to now. */
  address: string;
  family: 4 | 6;
  method: string;
  headers: Record<string, string>;
  body: Uint8Array | null;
  signal: AbortSignal;
  maxResponseBytes: number;
};

export type TransportResponse = {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: Uint8Array;
};

export type FetchTransport = (request: TransportRequest) => Promise<TransportResponse>;

export type FetchLimits = {
  maxRequestBytes: number;
  maxResponseBytes: number;
  /** Per request, and never past the call's deadline. */
  timeoutMs: number;
  maxRedirects: number;
  maxFetchesPerCall: number;
};

export const DEFAULT_FETCH_LIMITS: FetchLimits = {
  maxRequestBytes: 1024 * 1024,
  maxResponseBytes: 5 * 1024 * 1024,
  timeoutMs: 10_000,
  maxRedirects: 5,
  maxFetchesPerCall: 50,
};

/** An error whose message is safe to show the script (no addresses, paths or stacks). */
export class FetchRefusal extends Error {
  override name = 'FetchRefusal';
}
