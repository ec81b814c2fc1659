import type { NextConfig } from 'next';

// Headers that are the same on every response. The Content-Security-Policy is not here: it
// carries a fresh nonce per request, so src/proxy.ts sets it.
const securityHeaders = [
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
  {
    key: 'Permissions-Policy',
    value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
  },
];

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // Internal packages export TypeScript source (STYLE §2): Next compiles them, so nothing reads a
  // stale dist/.
  transpilePackages: [
    '@toolplane/api',
    '@toolplane/auth',
    '@toolplane/connectors',
    '@toolplane/crypto',
    '@toolplane/db',
    '@toolplane/env',
    '@toolplane/gitops',
    '@toolplane/net-policy',
    '@toolplane/pipeline',
    '@toolplane/redis',
    '@toolplane/scripts',
    '@toolplane/services',
    '@toolplane/tool-definition',
  ],
  // Native or driver packages load from node_modules at run time instead of being bundled.
  serverExternalPackages: ['@node-rs/argon2', 'pg', 'mysql2', 'ioredis'],
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders }];
  },
};

export default nextConfig;
