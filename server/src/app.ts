import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { SERVICE_BASE_PATH } from '@webpay/contracts/api';
import { OFFICE_API_BASE_PATH } from '@webpay/contracts/office';
import type { DatabaseHandle } from './db/client.ts';
import { SANDBOX_CONVERGE_PATH, type Env } from './env.ts';
import { childLoggerFactory, loggerOptions } from './lib/logger.ts';
import { requestIdFor } from './lib/request-ids.ts';
import authRoutes from './modules/auth/auth.routes.ts';
import configRoutes from './modules/config/config.routes.ts';
import officeConfigRoutes from './modules/config/office-config.routes.ts';
import convergeSandbox from './modules/converge-sandbox/converge-sandbox.plugin.ts';
import cspReportsRoutes from './modules/csp-reports/csp-reports.routes.ts';
import encountersRoutes from './modules/encounters/encounters.routes.ts';
import applicationRoutes from './modules/financial-assistance/application.routes.ts';
import financialAssistanceRoutes from './modules/financial-assistance/financial-assistance.routes.ts';
import reviewRoutes from './modules/financial-assistance/review.routes.ts';
import healthRoutes from './modules/health/health.routes.ts';
import magicLinkRoutes from './modules/magic-link/magic-link.routes.ts';
import { receiptResendRoutes } from './modules/payment-desk/receipt-resend.routes.ts';
import officeRoutes from './modules/office/office.routes.ts';
import officeRecurringRoutes from './modules/office-recurring/office-recurring.routes.ts';
import officeReportsRoutes from './modules/office-reports/office-reports.routes.ts';
import paymentDeskRoutes from './modules/payment-desk/payment-desk.routes.ts';
import { Metrics } from './modules/metrics/metrics.ts';
import metricsPlugin from './modules/metrics/metrics.plugin.ts';
import paymentHistoryRoutes from './modules/payment-history/payment-history.routes.ts';
import autopayRoutes from './modules/autopay/autopay.routes.ts';
import paymentPlansRoutes from './modules/payment-plans/payment-plans.routes.ts';
import paymentsRoutes from './modules/payments/payments.routes.ts';
import paymentMethodsRoutes from './modules/payment-methods/payment-methods.routes.ts';
import signupRoutes from './modules/signup/signup.routes.ts';
import enrolmentRoutes from './modules/staff/enrolment.routes.ts';
import staffAdminRoutes from './modules/staff/staff-admin.routes.ts';
import staffAuthRoutes from './modules/staff/staff-auth.routes.ts';
import staffSsoRoutes from './modules/staff-sso/staff-sso.routes.ts';
import statementsRoutes from './modules/statements/statements.routes.ts';
import verificationRoutes from './modules/verification/verification.routes.ts';
import { createApiGuard } from './plugins/api-guard.ts';
import authenticate from './plugins/authenticate.ts';
import authenticateStaff from './plugins/authenticate-staff.ts';
import compression from './plugins/compression.ts';
import errorHandler, { frameworkErrors } from './plugins/error-handler.ts';
import language from './plugins/language.ts';
import nulCharacters from './plugins/nul-characters.ts';
import openapi from './plugins/openapi.ts';
import office from './plugins/office.ts';
import portal from './plugins/portal.ts';
import rateLimiting from './plugins/rate-limit.ts';
import requestContext from './plugins/request-context.ts';
import securityHeaders from './plugins/security-headers.ts';
import services, { type ServiceOverrides } from './plugins/services.ts';

/** Service bodies are small forms; anything larger is refused before parsing (413). */
export const BODY_LIMIT_BYTES = 64 * 1024;

export interface BuildAppOptions {
  env: Env;
  database: DatabaseHandle;
  /**
   * The logger to use (main passes the one it logged start-up with); without
   * it, JSON logs at LOG_LEVEL with secrets redacted. `false` silences them.
   */
  logger?: FastifyBaseLogger | false;
  /** Parts of the services replaced (a test's processor or payment checkpoints). */
  serviceOverrides?: ServiceOverrides;
  /** A server's part of the background work: schedules and queue maintenance (start.ts). */
  runsSchedules?: boolean;
}

/** The portal's API, behind the API key guard. The portal's routes are registered here. */
async function serviceApi(api: FastifyInstance, { env }: { env: Env }) {
  api.addHook('onRequest', createApiGuard(env.WEBPAY_API_KEY));
  await api.register(compression);
  await api.register(configRoutes);
  await api.register(financialAssistanceRoutes);
  await api.register(authRoutes, { env });
  await api.register(magicLinkRoutes, { env });
  await api.register(verificationRoutes, { env });
  await api.register(signupRoutes, { env });
  await api.register(encountersRoutes);
  await api.register(paymentsRoutes);
  await api.register(paymentMethodsRoutes);
  await api.register(autopayRoutes);
  await api.register(paymentHistoryRoutes);
  await api.register(paymentPlansRoutes);
  await api.register(statementsRoutes);
  await api.register(applicationRoutes);
}

/**
 * The billing office console's API: staff bearer tokens, not the portal's
 * API key, so it sits outside the guard (decision 0023). The console's
 * routes are registered here.
 */
async function officeApi(api: FastifyInstance, { env }: { env: Env }) {
  await api.register(compression);
  await api.register(officeConfigRoutes);
  await api.register(staffAuthRoutes, { env });
  await api.register(enrolmentRoutes, { env });
  await api.register(staffAdminRoutes);
  await api.register(staffSsoRoutes, { env });
  await api.register(officeRoutes);
  await api.register(officeReportsRoutes);
  await api.register(receiptResendRoutes);
  await api.register(paymentDeskRoutes);
  await api.register(officeRecurringRoutes);
  await api.register(reviewRoutes);
}

export async function buildApp(options: BuildAppOptions) {
  const { env, database } = options;
  const app = Fastify({
    logger: options.logger === undefined ? loggerOptions(env.LOG_LEVEL) : false,
    loggerInstance: options.logger || undefined,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    requestIdHeader: false,
    genReqId: (request) => requestIdFor(request.headers),
    childLoggerFactory,
    // A hop count is honoured at run time (proxy-addr), though fastify's types omit it.
    trustProxy: env.TRUST_PROXY as boolean | string,
    bodyLimit: BODY_LIMIT_BYTES,
    frameworkErrors,
    // Fastify's own closing answer is not the SPEC error object; requests that still
    // arrive during a graceful stop are served instead (the database closes after).
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // JSON only: no text/plain or form bodies, which a cross-site form could send.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // A body-less POST sent with the JSON content type (e.g. logout) is not malformed.
    if (body === '') return done(null, undefined);
    parseJson(request, body.toString(), done);
  });

  // External and cross-cutting plugins first, as in fastify/demo.
  await app.register(requestContext);
  await app.register(language);
  await app.register(errorHandler);
  await app.register(nulCharacters);
  await app.register(securityHeaders, { env });
  await app.register(rateLimiting, { env });
  // With an operator's listener (ADMIN_PORT) the documentation and /metrics are served there only.
  const operatorPagesHere = env.ADMIN_PORT === undefined;
  await app.register(openapi, { serve: operatorPagesHere });
  const metrics = env.METRICS_ENABLED ? new Metrics(database) : undefined;
  if (metrics) await app.register(metricsPlugin, { metrics, serve: operatorPagesHere });
  app.decorate('metrics', metrics);
  let stopping = false;
  app.decorate('beginShutdown', () => {
    stopping = true;
  });

  // The application's own decorators.
  await app.register(services, {
    database,
    env,
    metrics,
    overrides: options.serviceOverrides,
    runsSchedules: options.runsSchedules ?? false,
  });
  metrics?.watchJobs(app.services.jobs);
  await app.register(authenticate);
  await app.register(authenticateStaff);

  // Service answers carry patient and billing data, refusals included: no browser or proxy may keep a copy.
  app.addHook('onSend', async (request, reply) => {
    const serviceCall =
      request.url.startsWith(SERVICE_BASE_PATH) || request.url.startsWith(OFFICE_API_BASE_PATH);
    if (serviceCall && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });

  // Routes.
  await app.register(healthRoutes, { isStopping: () => stopping });
  // Browsers post CSP violation reports without the API key.
  await app.register(cspReportsRoutes, { metrics });
  await app.register(serviceApi, { env, prefix: SERVICE_BASE_PATH });
  await app.register(officeApi, { env, prefix: OFFICE_API_BASE_PATH });
  // A stand-in for Elavon's servers, so it sits outside the API key guard.
  if (env.SANDBOX_PROCESSOR) {
    await app.register(convergeSandbox, { env, prefix: SANDBOX_CONVERGE_PATH });
  }
  await app.register(portal, { env });
  await app.register(office, { env });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The Prometheus registry's owner; undefined when METRICS_ENABLED is off. */
    metrics: Metrics | undefined;
    /** From now on /readyz answers 503, so load balancers send new requests elsewhere. */
    beginShutdown(): void;
  }
}
