import fp from 'fastify-plugin';
import type { Metrics } from './metrics.ts';

export const METRICS_PATH = '/metrics';

/**
 * Times every answer and serves the registry at /metrics for Prometheus.
 * Like the probes it sits outside the API key guard, so it is meant for the
 * internal network only (docs/operations.md). It is no part of the JSON API,
 * hence hidden from the OpenAPI document.
 */
export default fp(
  async function metricsPlugin(app, options: { metrics: Metrics }) {
    const { metrics } = options;

    app.addHook('onResponse', async (request, reply) => {
      // The route pattern, never the URL: ids in paths would make a series per payment.
      metrics.observeHttp(
        request.method,
        request.routeOptions.url,
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
    });

    app.get(METRICS_PATH, { schema: { hide: true } }, async (_request, reply) => {
      reply.header('content-type', metrics.registry.contentType);
      reply.header('cache-control', 'no-store');
      return metrics.registry.metrics();
    });
  },
  { name: 'metrics' },
);
