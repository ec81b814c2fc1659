import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** What `toolplane login` stores: the API it verified the token against, and the token. */
export interface StoredConfig {
  apiUrl: string;
  token: string;
}

export function configDir(configHome: string): string {
  return join(configHome, 'toolplane');
}

export function configPath(configHome: string): string {
  return join(configDir(configHome), 'config.json');
}

export async function readConfig(configHome: string): Promise<Partial<StoredConfig>> {
  let text: string;
  try {
    text = await readFile(configPath(configHome), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as Partial<StoredConfig>;
    return {
      ...(typeof parsed.apiUrl === 'string' ? { apiUrl: parsed.apiUrl } : {}),
      ...(typeof parsed.token === 'string' ? { token: parsed.token } : {}),
    };
  } catch {
    throw new Error(
      `${configPath(configHome)} is not valid JSON. Run \`toolplane logout\` and log in again.`,
    );
  }
}

/**
 * Writes the token so only this user can read it: the directory 0700, the file 0600 from the
 * moment it exists (a temporary file renamed over the old one, never a world-readable window).
 */
export async function writeConfig(configHome: string, config: StoredConfig): Promise<string> {
  const dir = configDir(configHome);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  const path = configPath(configHome);
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  await chmod(temporary, 0o600);
  await rename(temporary, path);
  return path;
}

/** True when there was a stored login to remove. */
export async function deleteConfig(configHome: string): Promise<boolean> {
  const path = configPath(configHome);
  try {
    await rm(path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}
