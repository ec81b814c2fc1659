/**
 * Next runs `register()` once when a server instance starts (never during `next build`), before
 * it serves a request: the place to refuse to start with a bad environment.
 */
export async function register(): Promise<void> {
  // The literal check lets Next drop the Node-only import from any Edge bundle.
  // biome-ignore lint/style/noProcessEnv: NEXT_RUNTIME is set by Next itself, not configuration.
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { validateEnvOrExit } = await import('./lib/validate-env-or-exit');
    validateEnvOrExit();
  }
}
