import type { FastifyPluginAsync } from 'fastify';
import { apiErrors } from '../../lib/api-error.ts';
import type { Metrics } from '../metrics/index.ts';
import {
  CSP_REPORTS_PATH,
  CSP_REPORTS_PER_MINUTE,
  CSP_REPORT_BODY_LIMIT_BYTES,
  CSP_REPORT_TYPE,
  MalformedCspReport,
  REPORTS_JSON_TYPE,
  parseCspReports,
  type CspReportFormat,
} from './csp-reports.ts';

export interface CspReportsRoutesOptions {
  /** Counts each violation; absent when METRICS_ENABLED is off. */
  metrics: Metrics | undefined;
}

function formatOf(contentType: string | undefined): CspReportFormat {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase();
  return type === REPORTS_JSON_TYPE ? 'reports+json' : 'csp-report';
}

/**
 * Collects the browsers' Content Security Policy violation reports (OWASP
 * ASVS 5.0 3.4.7; PCI DSS 11.6.1: a script the policy refused on the payment
 * page is an unauthorised change worth knowing about). Browsers send them
 * without the API key, so the route is outside the service API: small bodies
 * only, a per-client rate limit, and nothing logged but the directive and
 * URLs reduced to origin and path.
 */
const cspReportsRoutes: FastifyPluginAsync<CspReportsRoutesOptions> = async (app, { metrics }) => {
  // The same JSON parser as the service's (prototype poisoning refused), for the report types.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser(
    [CSP_REPORT_TYPE, REPORTS_JSON_TYPE],
    { parseAs: 'string' },
    (request, body, done) => parseJson(request, body.toString(), done),
  );

  app.post(
    CSP_REPORTS_PATH,
    {
      schema: { hide: true },
      bodyLimit: CSP_REPORT_BODY_LIMIT_BYTES,
      config: { rateLimit: { max: CSP_REPORTS_PER_MINUTE, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      let violations;
      try {
        violations = parseCspReports(formatOf(request.headers['content-type']), request.body);
      } catch (error) {
        if (error instanceof MalformedCspReport) {
          throw apiErrors.validation(error.details, 'Malformed CSP report');
        }
        throw error;
      }
      for (const violation of violations) {
        metrics?.observeCspViolation(violation.directive, violation.disposition);
        request.log.warn({ cspViolation: violation }, 'Content Security Policy violation');
      }
      return reply.code(204).header('cache-control', 'no-store').send();
    },
  );
};

export default cspReportsRoutes;
