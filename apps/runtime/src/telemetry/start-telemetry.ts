import { NodeSDK } from '@opentelemetry/sdk-node';

export interface Telemetry {
  shutdown(): Promise<void>;
}

/**
 * Starts the OpenTelemetry Node SDK, configured entirely by the standard OTEL_* variables
 * (exporter, endpoint, headers, sampler, resource attributes; OTEL_SERVICE_NAME defaults to
 * toolplane-runtime here). The pipeline then gets a real tracer: a span per tools/call with a
 * child per stage. No auto-instrumentation is loaded: the spans that matter are the pipeline's,
 * and patching pg/http would cost every request.
 */
export function startTelemetry(): Telemetry {
  const sdk = new NodeSDK({ serviceName: 'toolplane-runtime' });
  sdk.start();
  return sdk;
}
