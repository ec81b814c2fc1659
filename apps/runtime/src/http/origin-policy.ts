import type { IncomingHttpHeaders } from 'node:http';

export interface OriginPolicy {
  /** Whether the Host header names this runtime (DNS-rebinding protection). */
  hostAllowed(headers: IncomingHttpHeaders): boolean;
  /**
   * The CORS answer for a request's Origin: `none` without Origin (agents and SDKs send none),
   * `allowed` with the origin to echo, or `refused`.
   */
  origin(
    headers: IncomingHttpHeaders,
  ): { kind: 'none' } | { kind: 'allowed'; origin: string } | { kind: 'refused' };
}

const LOOPBACK = ['localhost', '127.0.0.1', '::1'];

function hostnameOf(hostHeader: string): string | null {
  try {
    return new URL(`http://${hostHeader}`).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Host and Origin checks. Allowed hosts are names without ports: the loopback names (local
 * development, tests) plus RUNTIME_ALLOWED_HOSTS (the public name of a hosted runtime). An Origin
 * is allowed when listed in RUNTIME_ALLOWED_ORIGINS or when its host is an allowed host.
 */
export function createOriginPolicy(options: {
  allowedHosts: readonly string[];
  allowedOrigins: readonly string[];
}): OriginPolicy {
  const hosts = new Set([...LOOPBACK, ...options.allowedHosts.map((h) => h.toLowerCase())]);
  const origins = new Set(options.allowedOrigins.map((o) => o.toLowerCase().replace(/\/$/, '')));
  // Every request checks its Host header, and clients send the same few values: the verdicts are
  // remembered (bounded, since the header is the client's to choose) instead of parsing a URL.
  const hostVerdicts = new Map<string, boolean>();
  return {
    hostAllowed(headers) {
      const host = headers.host;
      if (host === undefined) return false;
      let allowed = hostVerdicts.get(host);
      if (allowed === undefined) {
        const name = hostnameOf(host);
        allowed = name !== null && hosts.has(name);
        if (hostVerdicts.size >= 256) hostVerdicts.clear();
        hostVerdicts.set(host, allowed);
      }
      return allowed;
    },
    origin(headers) {
      const origin = headers.origin;
      if (origin === undefined) return { kind: 'none' };
      const normalized = origin.toLowerCase();
      if (origins.has(normalized)) return { kind: 'allowed', origin };
      try {
        const url = new URL(origin);
        if (
          (url.protocol === 'http:' || url.protocol === 'https:') &&
          hosts.has(url.hostname.replace(/^\[|\]$/g, ''))
        ) {
          return { kind: 'allowed', origin };
        }
      } catch {
        // "null" and other opaque origins: refused.
      }
      return { kind: 'refused' };
    },
  };
}
