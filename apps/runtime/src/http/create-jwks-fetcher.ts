import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { type DenyEntry, type Resolver, resolveAndCheck } from '@toolplane/net-policy';

const TIMEOUT_MS = 5_000;
const MAX_BYTES = 512 * 1024;

/**
 * Fetches a JWKS document for the pipeline's `jwt` plugin under the outbound address policy:
 * the host is resolved once, every address checked (no link-local, metadata or control-plane
 * address; private ranges only when allowed), and the request pinned to the checked address
 * (TLS still verifies the certificate against the host name). Bounded in time and size.
 */
export function createJwksFetcher(policy: {
  allowPrivateNetworks: boolean;
  deny: readonly DenyEntry[];
  resolver: Resolver;
}): (url: string) => Promise<unknown> {
  return async (url) => {
    const target = new URL(url);
    if (target.protocol !== 'https:' && target.protocol !== 'http:') {
      throw new Error('a JWKS URL must be http(s)');
    }
    const port = Number(target.port || (target.protocol === 'https:' ? 443 : 80));
    const verdict = await resolveAndCheck(target.hostname, port, {
      allowPrivateNetworks: policy.allowPrivateNetworks,
      deny: policy.deny,
      resolver: policy.resolver,
    });
    if (!verdict.allowed) throw new Error(`JWKS address refused by policy: ${verdict.message}`);
    const pinned = verdict.addresses[0]!;
    const lookup: LookupFunction = (_host, options, callback) => {
      if ((options as { all?: boolean }).all) {
        (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [pinned]);
      } else {
        callback(null, pinned.address, pinned.family);
      }
    };
    const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const req = request(
        target,
        { method: 'GET', lookup, timeout: TIMEOUT_MS, headers: { accept: 'application/json' } },
        (res) => {
          if ((res.statusCode ?? 0) < 200 || (res.statusCode ?? 0) >= 300) {
            res.resume();
            reject(new Error(`JWKS answered HTTP ${res.statusCode}`));
            return;
          }
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_BYTES) {
              req.destroy(new Error('JWKS document too large'));
              return;
            }
            chunks.push(chunk);
          });
          res.on('end', () => {
            try {
              resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
            } catch {
              reject(new Error('JWKS document is not JSON'));
            }
          });
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error('JWKS fetch timed out')));
      req.on('error', reject);
      req.end();
    });
  };
}
