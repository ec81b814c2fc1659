import type { PipelineStage } from '@toolplane/pipeline';

/** The pipeline's stages in call order (filters, the timing waterfall). */
export const PIPELINE_STAGES = [
  'resolve',
  'auth',
  'input_transform',
  'input_validation',
  'env_substitution',
  'input_substitution',
  'cache_check',
  'connector',
  'cache_store',
  'handler',
  'output_transform',
  'serialization',
] as const satisfies readonly PipelineStage[];
