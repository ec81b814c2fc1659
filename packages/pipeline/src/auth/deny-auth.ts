import { PipelineError } from '../errors/pipeline-error';

export function denyAuth(reason: string, cause?: unknown): PipelineError {
  return new PipelineError('AUTH_DENIED', 'auth', `authentication failed: ${reason}`, { cause });
}
