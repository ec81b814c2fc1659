/**
 * The stages of one `tools/call`, in the order of `spec/execution-pipeline.md`. These names appear
 * in `error.data.stage`, in per-stage timings and as the `toolplane.stage` span attribute.
 */
export type PipelineStage =
  | 'resolve'
  | 'auth'
  | 'input_transform'
  | 'input_validation'
  | 'env_substitution'
  | 'input_substitution'
  | 'cache_check'
  | 'connector'
  | 'cache_store'
  | 'handler'
  | 'output_transform'
  | 'serialization';
