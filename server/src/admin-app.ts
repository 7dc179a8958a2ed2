import swagger, { type StaticDocumentSpec } from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { App } from './app.ts';
import { METRICS_PATH, metricsHandler } from './modules/metrics/metrics.plugin.ts';
import { openapiPages } from './plugins/openapi.ts';

/**
 * The operator's listener (ADMIN_PORT, on 127.0.0.1 unless ADMIN_HOST says
 * otherwise): /metrics for Prometheus and the API documentation, kept off
 * the public port in production. It shares the public service's registry
 * and serves the OpenAPI document that service generated, so nothing here
 * can drift from it. Build it after the public app is ready.
 */
export async function buildAdminApp(
  service: App,
  logger: FastifyBaseLogger | false = false,
): Promise<FastifyInstance> {
  const admin = Fastify({
    loggerInstance: logger || undefined,
    logger: logger === false ? false : undefined,
  });
  // The document is OpenAPI 3.1; the static mode's type names 3.0 but serves either as it is.
  const document = service.swagger() as unknown as StaticDocumentSpec['document'];
  await admin.register(swagger, { mode: 'static', specification: { document } });
  await openapiPages(admin);
  const { metrics } = service;
  if (metrics) admin.get(METRICS_PATH, { schema: { hide: true } }, metricsHandler(metrics));
  return admin;
}
