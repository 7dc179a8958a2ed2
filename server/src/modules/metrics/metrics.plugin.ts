import type { RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import type { Metrics } from './metrics.ts';

export const METRICS_PATH = '/metrics';

export interface MetricsPluginOptions {
  metrics: Metrics;
  /** Serve /metrics here too; false where the operator's listener serves it (admin-app.ts). */
  serve?: boolean;
}

/**
 * Times every answer and, unless told otherwise, serves the registry at
 * /metrics for Prometheus. It sits outside the API key guard, so it is
 * meant for the internal network only (docs/operations.md). It is no part
 * of the JSON API, hence hidden from the OpenAPI document.
 */
export default fp(
  async function metricsPlugin(app, options: MetricsPluginOptions) {
    const { metrics, serve = true } = options;

    app.addHook('onResponse', async (request, reply) => {
      // The route pattern, never the URL: ids in paths would make a series per payment.
      metrics.observeHttp(
        request.method,
        request.routeOptions.url,
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
    });

    if (serve) app.get(METRICS_PATH, { schema: { hide: true } }, metricsHandler(metrics));
  },
  { name: 'metrics' },
);

/** The registry in Prometheus' text format, never cached. */
export function metricsHandler(metrics: Metrics): RouteHandlerMethod {
  return async (_request, reply) => {
    reply.header('content-type', metrics.registry.contentType);
    reply.header('cache-control', 'no-store');
    return metrics.registry.metrics();
  };
}
