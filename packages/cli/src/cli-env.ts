import { homedir } from 'node:os';

/** Everything the CLI takes from the environment, read once at start-up. */
export interface CliEnv {
  /** TOOLPLANE_TOKEN: a personal access token that overrides the stored login (CI). */
  token: string | undefined;
  /** TOOLPLANE_API_URL: the web app's URL, overriding the stored one. */
  apiUrl: string | undefined;
  /** TOOLPLANE_WORKSPACE: the default for --workspace. */
  workspace: string | undefined;
  configHome: string;
  debug: boolean;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value?.trim() ? value.trim() : undefined;
}

export function readCliEnv(env: NodeJS.ProcessEnv = process.env): CliEnv {
  return {
    token: nonEmpty(env.TOOLPLANE_TOKEN),
    apiUrl: nonEmpty(env.TOOLPLANE_API_URL),
    workspace: nonEmpty(env.TOOLPLANE_WORKSPACE),
    // The XDG base directory spec: relative values are invalid and must be ignored.
    configHome: env.XDG_CONFIG_HOME?.startsWith('/')
      ? env.XDG_CONFIG_HOME
      : `${env.HOME || homedir()}/.config`,
    debug: env.TOOLPLANE_DEBUG === '1',
  };
}
