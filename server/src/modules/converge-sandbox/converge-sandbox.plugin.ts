import type { FastifyError, FastifyPluginAsync } from 'fastify';
import type { Env } from '../../env.ts';
import { ConvergeSandboxRepository } from './converge-sandbox.repository.ts';
import { ConvergeSandbox, sandboxOptions } from './converge-sandbox.service.ts';
import hostedPaymentsRoutes from './hosted-payments.routes.ts';
import { loadSandboxAssets } from './sandbox-assets.ts';
import xmlApiRoutes from './xml-api.routes.ts';

export interface ConvergeSandboxPluginOptions {
  env: Pick<
    Env,
    | 'PUBLIC_URL'
    | 'WEBPAY_PROVIDER_NAME'
    | 'CONVERGE_MERCHANT_ID'
    | 'CONVERGE_USER_ID'
    | 'CONVERGE_PIN'
    | 'SANDBOX_SETTLEMENT_TIME'
    | 'WEBPAY_TIME_ZONE'
  >;
}

/**
 * The Elavon Converge emulator (docs/sandbox-processor.md), registered under
 * SANDBOX_CONVERGE_PATH when SANDBOX_PROCESSOR is on. It stands in for a
 * foreign system: it takes no WebPay API key, answers in Converge's formats
 * rather than WebPay's error objects, and accepts the same credentials the
 * service is configured to send (CONVERGE_MERCHANT_ID, _USER_ID, _PIN).
 */
const convergeSandbox: FastifyPluginAsync<ConvergeSandboxPluginOptions> = async (app, { env }) => {
  const sandbox = new ConvergeSandbox(
    new ConvergeSandboxRepository(app.database.db),
    sandboxOptions(env),
  );
  const assets = await loadSandboxAssets();

  // Converge's server-to-server calls are form posts; only this plugin's routes accept them.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body.toString())));
    },
  );

  // Converge's callers read text, not WebPay's JSON error objects.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status =
      error.statusCode !== undefined && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'converge sandbox failed');
    const reason = status >= 500 ? 'the sandbox processor failed' : error.message;
    return reply.code(status).type('text/plain; charset=utf-8').send(`error ${status}: ${reason}`);
  });

  await app.register(hostedPaymentsRoutes, { sandbox, assets, env });
  await app.register(xmlApiRoutes, { sandbox });
};

export default convergeSandbox;
