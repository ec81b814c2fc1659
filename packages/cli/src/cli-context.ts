import { type ApiClient, createApiClient } from './api-client';
import type { CliEnv } from './cli-env';
import { CliError, EXIT_FAILURE, EXIT_USAGE } from './cli-error';
import { readConfig } from './config-store';

/** The options every command accepts (defined once, on the program). */
export interface GlobalOptions {
  json?: boolean;
  workspace?: string;
  apiUrl?: string;
}

export const DEFAULT_API_URL = 'http://localhost:3000';
export const USER_AGENT = 'toolplane-cli/0.0.0';

export interface CliContext {
  env: CliEnv;
  json: boolean;
  apiUrl: string;
  /** An API client with the stored or TOOLPLANE_TOKEN token; fails clearly when there is none. */
  client(): ApiClient;
  /** The --workspace / TOOLPLANE_WORKSPACE slug; fails clearly when there is none. */
  workspace(): string;
}

/** An API client for `apiUrl`, or a usage error naming the bad URL. */
export function connectApi(apiUrl: string, token: string): ApiClient {
  try {
    return createApiClient({ apiUrl, token, userAgent: USER_AGENT });
  } catch (error) {
    throw new CliError(
      `The API URL ${JSON.stringify(apiUrl)} is not valid: ${(error as Error).message}.`,
      EXIT_USAGE,
      'Use the address of the Toolplane web app, e.g. https://toolplane.example.com.',
    );
  }
}

/** Flags beat the environment, the environment beats what `login` stored. */
export async function createCliContext(options: GlobalOptions, env: CliEnv): Promise<CliContext> {
  // A damaged config file must not stop `login` from replacing it or `logout` from removing it:
  // it only matters when its token is needed.
  let configError: unknown = null;
  const stored = await readConfig(env.configHome).catch((error: unknown) => {
    configError = error;
    return {} as Awaited<ReturnType<typeof readConfig>>;
  });
  const apiUrl = options.apiUrl ?? env.apiUrl ?? stored.apiUrl ?? DEFAULT_API_URL;
  const token = env.token ?? stored.token;
  const workspace = options.workspace ?? env.workspace;
  return {
    env,
    json: options.json === true,
    apiUrl,
    client() {
      if (!token && configError) throw configError;
      if (!token)
        throw new CliError(
          'Not logged in.',
          EXIT_FAILURE,
          'Run `toolplane login` with a personal access token, or set TOOLPLANE_TOKEN.',
        );
      return connectApi(apiUrl, token);
    },
    workspace() {
      if (!workspace)
        throw new CliError(
          'No workspace chosen.',
          EXIT_USAGE,
          'Pass --workspace <slug> or set TOOLPLANE_WORKSPACE (`toolplane workspaces` lists yours).',
        );
      return workspace;
    },
  };
}
