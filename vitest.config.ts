import { defineConfig } from 'vitest/config';

// One vitest run covers every package so `npm test` can sum all suites in one line.
export default defineConfig({
  test: {
    // isolated-vm requires --no-node-snapshot on Node >= 20 (its README); harmless elsewhere.
    execArgv: ['--no-node-snapshot'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['./packages/testing/src/global-setup.ts'],
    include: ['{apps,packages}/*/src/**/*.test.ts', 'test/**/*.test.ts', 'bench/**/*.test.ts'],
  },
});
