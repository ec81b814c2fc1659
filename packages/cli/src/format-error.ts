import { ApiError, ApiUnreachableError } from './api-client';
import { CliError, EXIT_FAILURE } from './cli-error';

export interface FormattedError {
  exitCode: number;
  /** Lines for a person, on stderr. */
  lines: string[];
  /** The same for scripts (`--json`). */
  json: Record<string, unknown>;
}

// What to do next; the API's detail already says what went wrong.
const HINTS: Record<string, string> = {
  UNAUTHENTICATED:
    'Run `toolplane login` with a new personal access token (Account → Personal access tokens), or set TOOLPLANE_TOKEN.',
  NOT_FOUND: 'Check the name, and that you are a member of the workspace.',
  CONFLICT: 'Someone changed it since you read it: fetch it again and retry.',
  RATE_LIMITED: 'Too many requests: wait a moment and retry.',
};

/** Any error thrown by a command, as something a person can act on. */
export function formatError(error: unknown, debug = false): FormattedError {
  if (error instanceof ApiError) {
    const { problem } = error;
    const fields = problem.errors ?? [];
    // With field errors the detail is written for a form ("check the highlighted fields"); the
    // fields themselves are the message here.
    const lines = [
      fields.length > 0
        ? 'error: the API refused these fields:'
        : `error: ${problem.detail ?? problem.title ?? error.message}`,
    ];
    for (const { field, reason } of fields) lines.push(`  ${field}: ${reason}`);
    const hint = HINTS[error.code];
    if (hint) lines.push(hint);
    if (problem.requestId) lines.push(`(request id ${problem.requestId})`);
    return {
      exitCode: EXIT_FAILURE,
      lines,
      json: { error: { ...problem, status: error.status, code: error.code } },
    };
  }
  if (error instanceof ApiUnreachableError)
    return {
      exitCode: EXIT_FAILURE,
      lines: [
        `error: ${error.message}`,
        'Is the web app running? Set the URL with --api-url or TOOLPLANE_API_URL.',
      ],
      json: { error: { code: 'UNREACHABLE', detail: error.message } },
    };
  if (error instanceof CliError)
    return {
      exitCode: error.exitCode,
      lines: [`error: ${error.message}`, ...(error.hint ? [error.hint] : [])],
      json: { error: { code: 'CLI', detail: error.message } },
    };
  const message = error instanceof Error ? error.message : String(error);
  return {
    exitCode: EXIT_FAILURE,
    lines: [
      `error: ${message}`,
      ...(debug && error instanceof Error && error.stack ? [error.stack] : []),
    ],
    json: { error: { code: 'INTERNAL', detail: message } },
  };
}
