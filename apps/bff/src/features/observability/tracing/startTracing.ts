import { NodeSDK } from '@opentelemetry/sdk-node';

/**
 * Starts the OpenTelemetry SDK (exporter, sampler, resource from the standard OTEL_* variables)
 * with no auto-instrumentation: the BFF's own spans (`tracing.ts`) cover requests, SQL and
 * orchestrator calls, so nothing depends on being loaded before express, http or pg.
 */
export function startTracing(): { shutdown(): Promise<void> } {
  const sdk = new NodeSDK({ instrumentations: [] });
  sdk.start();
  return { shutdown: () => sdk.shutdown() };
}
