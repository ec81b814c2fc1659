import { randomUUID } from 'node:crypto';

/** An RFC 9457 problem document as the /api/v1 edge answers it. */
export interface Problem {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  code?: string;
  requestId?: string;
  errors?: { field: string; reason: string }[];
}

/** The API answered, but not with success. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem,
  ) {
    super(problem.detail ?? problem.title ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }

  get code(): string {
    return this.problem.code ?? (this.status === 401 ? 'UNAUTHENTICATED' : `HTTP_${this.status}`);
  }
}

/** The API could not be reached at all (refused, DNS, TLS, timeout). */
export class ApiUnreachableError extends Error {
  constructor(
    readonly url: string,
    readonly reason: string,
  ) {
    super(`Could not reach ${url}: ${reason}`);
    this.name = 'ApiUnreachableError';
  }
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export type Query = Record<string, string | number | boolean | undefined>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** Sent on POST; defaults to a fresh UUID so a retried create never creates twice. */
  idempotencyKey?: string;
  /** For PATCH when the body carries no `version`. */
  ifMatch?: string | number;
}

export interface ApiClientOptions {
  apiUrl: string;
  token?: string | undefined;
  userAgent?: string;
  /** Attempts for 429/502/503/504 and network failures on requests safe to repeat. */
  maxAttempts?: number;
  /** Longest wait between attempts; Retry-After above this gives up instead of hanging. */
  maxRetryDelayMs?: number;
}

export type ApiClient = ReturnType<typeof createApiClient>;

const RETRYABLE_STATUS = new Set([429, 502, 503, 504]);

/** `https://host/`, `https://host/api/v1` and `https://host` all mean the same web app. */
export function normalizeApiUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new TypeError(`API URL must be http(s), got ${parsed.protocol}`);
  return parsed.href.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
}

/** `/api/v1/workspaces/{slug}/…` with every segment escaped, so a name can never add a path. */
export function workspacePath(workspace: string, ...segments: string[]): string {
  return ['/api/v1/workspaces', workspace, ...segments]
    .map((s, i) => (i === 0 ? s : encodeURIComponent(s)))
    .join('/');
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function retryDelayMs(response: Response | null, attempt: number): number {
  const header = response?.headers.get('retry-after');
  if (header) {
    const seconds = Number(header);
    if (Number.isFinite(seconds)) return seconds * 1000;
    const at = Date.parse(header);
    if (Number.isFinite(at)) return Math.max(0, at - Date.now());
  }
  return 250 * 2 ** attempt;
}

async function readProblem(response: Response): Promise<Problem> {
  const text = await response.text().catch(() => '');
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      const body = JSON.parse(text) as Problem;
      if (body && typeof body === 'object') return body;
    } catch {}
  }
  // Something other than our API answered (a proxy, a wrong URL): say so instead of dumping HTML.
  return {
    status: response.status,
    title: response.statusText || `HTTP ${response.status}`,
    detail: `HTTP ${response.status} from ${response.url} is not a Toolplane API response. Check the API URL.`,
  };
}

/** The one HTTP client of the CLI: bearer auth, problem+json errors, idempotent creates, paging. */
export function createApiClient(options: ApiClientOptions) {
  const apiUrl = normalizeApiUrl(options.apiUrl);
  const maxAttempts = options.maxAttempts ?? 3;
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 10_000;

  async function request<T>(method: string, path: string, init: RequestOptions = {}): Promise<T> {
    const url = new URL(apiUrl + path);
    for (const [key, value] of Object.entries(init.query ?? {}))
      if (value !== undefined) url.searchParams.set(key, String(value));
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.userAgent) headers['user-agent'] = options.userAgent;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    if (method === 'POST') headers['idempotency-key'] = init.idempotencyKey ?? randomUUID();
    if (init.ifMatch !== undefined) headers['if-match'] = `"${init.ifMatch}"`;
    // PATCH is guarded by `version`, POST by the idempotency key: every method may be repeated.
    for (let attempt = 0; ; attempt += 1) {
      let response: Response | null = null;
      try {
        response = await fetch(url, {
          method,
          headers,
          body: init.body === undefined ? null : JSON.stringify(init.body),
          redirect: 'error',
        });
      } catch (error) {
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        const reason = cause?.code ?? cause?.message ?? (error as Error).message;
        if (attempt + 1 >= maxAttempts) throw new ApiUnreachableError(apiUrl, reason);
      }
      if (response && !RETRYABLE_STATUS.has(response.status)) {
        if (!response.ok) throw new ApiError(response.status, await readProblem(response));
        if (response.status === 204) return undefined as T;
        const text = await response.text();
        return (text ? JSON.parse(text) : undefined) as T;
      }
      const delay = retryDelayMs(response, attempt);
      if (attempt + 1 >= maxAttempts || delay > maxRetryDelayMs) {
        if (response) throw new ApiError(response.status, await readProblem(response));
        throw new ApiUnreachableError(apiUrl, 'no answer');
      }
      await response?.body?.cancel();
      await sleep(delay);
    }
  }

  /** Every item of a cursor-paginated list, page by page. */
  async function* pages<T>(path: string, query: Query = {}): AsyncGenerator<T[]> {
    let cursor: string | undefined;
    do {
      const page = await request<Page<T>>('GET', path, { query: { ...query, limit: 200, cursor } });
      yield page.items;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }

  async function listAll<T>(path: string, query: Query = {}): Promise<T[]> {
    const all: T[] = [];
    for await (const items of pages<T>(path, query)) all.push(...items);
    return all;
  }

  return {
    apiUrl,
    request,
    pages,
    listAll,
    get: <T>(path: string, query?: Query) => request<T>('GET', path, { query }),
    post: <T>(path: string, body?: unknown, init?: Omit<RequestOptions, 'body'>) =>
      request<T>('POST', path, { ...init, body }),
    put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body }),
    patch: <T>(path: string, body?: unknown, init?: Omit<RequestOptions, 'body'>) =>
      request<T>('PATCH', path, { ...init, body }),
    delete: <T = void>(path: string) => request<T>('DELETE', path),
  };
}
