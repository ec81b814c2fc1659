import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { LauncherError } from './launcher-error';

/** The keys both apps need; the apps refuse to start without them and never generate them. */
export const KEY_VARIABLES = [
  'TOOLPLANE_MASTER_KEY',
  'AUTH_SECRET',
  'TOOLPLANE_RUNTIME_SIGNING_KEY',
] as const;
type KeyVariable = (typeof KEY_VARIABLES)[number];

/**
 * Returns a value for each key variable: the environment's own when set; otherwise, outside
 * production, one generated on first run and kept (mode 0600) in `file` so data encrypted
 * with it stays readable after a restart.
 */
export function resolveKeys(
  env: Record<string, string | undefined>,
  file: string,
): { keys: Record<KeyVariable, string>; generated: KeyVariable[] } {
  const missing = KEY_VARIABLES.filter((name) => !env[name]);
  const keys = {} as Record<KeyVariable, string>;
  for (const name of KEY_VARIABLES) if (env[name]) keys[name] = env[name] as string;
  if (missing.length === 0) return { keys, generated: [] };
  if (env.TOOLPLANE_MODE === 'production') {
    throw new LauncherError(
      `TOOLPLANE_MODE=production and ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set. ` +
        'Production keys are never generated: set them from your secret store (each is 32 random bytes, base64: `openssl rand -base64 32`).',
    );
  }
  const stored = readStored(file);
  const generated: KeyVariable[] = [];
  for (const name of missing) {
    const existing = stored[name];
    if (existing) {
      keys[name] = existing;
    } else {
      keys[name] = randomBytes(32).toString('base64');
      stored[name] = keys[name];
      generated.push(name);
    }
  }
  if (generated.length > 0)
    writeFileSync(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
  return { keys, generated };
}

function readStored(file: string): Partial<Record<KeyVariable, string>> {
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Partial<Record<KeyVariable, string>>;
  } catch {
    throw new LauncherError(
      `${file} is not valid JSON. Fix it, or delete it only if no data was encrypted with its keys.`,
    );
  }
}
