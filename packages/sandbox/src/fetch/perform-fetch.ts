import { type NetPolicy, type Resolver, resolveAndCheck } from '@toolplane/net-policy';
import { isEgressAllowed } from './egress-allow-list';
import {
  type FetchLimits,
  type FetchOutcome,
  FetchRefusal,
  type FetchTransport,
  type ScriptFetchRequest,
  type TransportResponse,
} from './fetch-types';

export type FetchEnvironment = {
  allowList: readonly string[];
  policy: NetPolicy;
  resolver: Resolver;
  transport: FetchTransport;
  limits: FetchLimits;
  /** Aborted when the call ends. */
  signal: AbortSignal;
  /** Epoch ms: the call's wall deadline. */
  deadline: number;
};

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Headers the host sets or that would let a script steer the connection itself. */
const DROPPED_HEADERS = new Set([
  'host',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'proxy-connection',
  'proxy-authorization',
  'accept-encoding',
]);
const CROSS_ORIGIN_DROPPED = ['authorization', 'cookie', 'proxy-authorization'];
const METHOD = /^[!#$%&'*+\-.^_|~0-9A-Za-z]+$/;
const HEADER_NAME = /^[!#$%&'*+\-.^_|~0-9A-Za-z]+$/;
const HEADER_VALUE_FORBIDDEN = /[\0\r\n]/;

function validRequest(raw: unknown): ScriptFetchRequest {
  const request = raw as Partial<ScriptFetchRequest> | null;
  if (!request || typeof request !== 'object') throw new FetchRefusal('fetch: invalid request');
  const { url, method, headers, body, redirect } = request;
  if (typeof url !== 'string' || url.length > 16 * 1024)
    throw new FetchRefusal('fetch: invalid URL');
  if (typeof method !== 'string' || !METHOD.test(method))
    throw new FetchRefusal('fetch: invalid method');
  if (!Array.isArray(headers) || headers.length > 200)
    throw new FetchRefusal('fetch: invalid headers');
  for (const pair of headers) {
    if (
      !Array.isArray(pair) ||
      typeof pair[0] !== 'string' ||
      typeof pair[1] !== 'string' ||
      !HEADER_NAME.test(pair[0]) ||
      HEADER_VALUE_FORBIDDEN.test(pair[1])
    ) {
      throw new FetchRefusal('fetch: invalid header');
    }
  }
  if (body !== null && !(body instanceof ArrayBuffer))
    throw new FetchRefusal('fetch: invalid body');
  if (redirect !== 'follow' && redirect !== 'manual' && redirect !== 'error') {
    throw new FetchRefusal('fetch: invalid redirect mode');
  }
  return { url, method, headers, body, redirect };
}

function portOf(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

function describeTransportError(
  error: unknown,
  url: URL,
  signal: AbortSignal,
  timedOut: boolean,
): string {
  const where = `fetch to ${url.origin} failed`;
  if (error instanceof FetchRefusal) return error.message;
  if (timedOut) return `${where}: timed out`;
  if (signal.aborted) return `${where}: the call ended`;
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'ECONNREFUSED':
      return `${where}: connection refused`;
    case 'ECONNRESET':
      return `${where}: connection reset`;
    case 'ETIMEDOUT':
      return `${where}: timed out`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${where}: host unreachable`;
  }
  if (typeof code === 'string' && /^(ERR_TLS|CERT_|UNABLE_TO|DEPTH_ZERO|SELF_SIGNED)/.test(code)) {
    return `${where}: TLS error (${code})`;
  }
  return `${where}: network error`;
}

/**
 * Performs a script's `fetch` on the host. For the URL and again for every redirect: http(s)
 * only, host on the workspace's allow-list, name resolved once and every address checked by the
 * shared policy, connection pinned to a checked address. Request and response sizes, the number
 * of redirects and the time are capped. Never throws: failures become `{ ok: false, message }`
 * with a message safe to show the script.
 */
export async function performFetch(raw: unknown, env: FetchEnvironment): Promise<FetchOutcome> {
  let request: ScriptFetchRequest;
  try {
    request = validRequest(raw);
  } catch (error) {
    return {
      ok: false,
      message: error instanceof FetchRefusal ? error.message : 'fetch: invalid request',
    };
  }
  const body = request.body ? new Uint8Array(request.body) : null;
  if (body && body.byteLength > env.limits.maxRequestBytes) {
    return {
      ok: false,
      message: `fetch: request body exceeds ${env.limits.maxRequestBytes} bytes`,
    };
  }
  let method = request.method;
  let sendBody = body;
  const headers: Record<string, string> = {};
  for (const [name, value] of request.headers) {
    const key = name.toLowerCase();
    if (!DROPPED_HEADERS.has(key)) headers[key] = value;
  }
  headers['accept-encoding'] = 'identity';
  headers['user-agent'] ??= 'toolplane-script';

  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return { ok: false, message: 'fetch: invalid URL' };
  }

  for (let hop = 0; ; hop++) {
    const refusal = await checkDestination(url, env);
    if (typeof refusal === 'string') return { ok: false, message: refusal };

    const remaining = env.deadline - Date.now();
    const timeoutMs = Math.min(env.limits.timeoutMs, remaining);
    if (timeoutMs <= 0) return { ok: false, message: `fetch to ${url.origin} failed: timed out` };
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = AbortSignal.any([env.signal, timeout]);
    let response: TransportResponse;
    try {
      response = await env.transport({
        url,
        address: refusal.address,
        family: refusal.family,
        method,
        headers: { ...headers },
        body: sendBody,
        signal,
        maxResponseBytes: env.limits.maxResponseBytes,
      });
    } catch (error) {
      return {
        ok: false,
        message: describeTransportError(error, url, env.signal, timeout.aborted),
      };
    }

    const location = response.headers.find(([name]) => name.toLowerCase() === 'location')?.[1];
    if (REDIRECTS.has(response.status) && location !== undefined && request.redirect !== 'manual') {
      if (request.redirect === 'error') {
        return { ok: false, message: `fetch to ${url.origin} failed: redirect not allowed` };
      }
      if (hop >= env.limits.maxRedirects) {
        return { ok: false, message: `fetch: more than ${env.limits.maxRedirects} redirects` };
      }
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        return { ok: false, message: `fetch to ${url.origin} failed: invalid redirect location` };
      }
      if (
        response.status === 303 ||
        ((response.status === 301 || response.status === 302) && method === 'POST')
      ) {
        if (method !== 'HEAD') method = 'GET';
        sendBody = null;
        delete headers['content-type'];
      }
      if (next.origin !== url.origin) for (const name of CROSS_ORIGIN_DROPPED) delete headers[name];
      url = next;
      continue;
    }

    const bytes = response.body;
    return {
      ok: true,
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
      url: url.href,
      redirected: hop > 0,
      body: bytes.buffer.slice(
        bytes.byteOffset,
        bytes.byteOffset + bytes.byteLength,
      ) as ArrayBuffer,
    };
  }
}

/** The allow-list and address checks for one hop; a message when refused, else the pinned address. */
async function checkDestination(
  url: URL,
  env: FetchEnvironment,
): Promise<string | { address: string; family: 4 | 6 }> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return `fetch to ${url.protocol}// refused: only http and https are supported`;
  }
  if (url.username || url.password) {
    return `fetch to ${url.origin} refused: credentials in the URL are not supported (use a header)`;
  }
  if (!isEgressAllowed(url, env.allowList)) {
    return `fetch to ${url.host} refused: the host is not on the workspace's egress allow-list`;
  }
  const checked = await resolveAndCheck(url.hostname, portOf(url), {
    ...env.policy,
    resolver: env.resolver,
  });
  if (!checked.allowed) return `fetch to ${url.host} refused: ${checked.message}`;
  const pinned = checked.addresses[0]!;
  return { address: pinned.address, family: pinned.family };
}
