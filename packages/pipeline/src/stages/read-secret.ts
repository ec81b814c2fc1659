import { PipelineError } from '../errors/pipeline-error';
import type { PipelineStage } from '../errors/pipeline-stage';
import type { CallState } from '../pipeline/call-state';
import type { PipelinePorts } from '../ports/pipeline-ports';

/**
 * Reads one workspace secret for this call, remembering its value (to scrub it from messages)
 * and its version (for cache keys). A missing secret is SECRET_MISSING at the asking stage.
 */
export async function readSecret(
  state: CallState,
  ports: PipelinePorts,
  name: string,
  stage: PipelineStage,
): Promise<string> {
  const known = state.env[name];
  if (known !== undefined) return known;
  let secret: Awaited<ReturnType<PipelinePorts['secrets']['get']>>;
  try {
    secret = await ports.secrets.get(state.request.workspace.id, name);
  } catch (error) {
    throw new PipelineError('SECRET_MISSING', stage, `secret '${name}' could not be read`, {
      tool: state.tool.name,
      cause: error,
    });
  }
  if (secret === undefined) {
    throw new PipelineError('SECRET_MISSING', stage, `secret '${name}' is not set`, {
      tool: state.tool.name,
    });
  }
  state.env[name] = secret.value;
  state.secretVersions[name] = secret.version;
  state.secretValues.push(secret.value);
  return secret.value;
}
