import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Env } from '../../env.ts';
import { SANDBOX_ERRORS, type ConvergeErrorFields } from './converge-answers.ts';
import type { ConvergeSandbox } from './converge-sandbox.service.ts';
import type { SandboxAssets } from './sandbox-assets.ts';
import { lightboxSaleSchema } from './lightbox-sale.ts';
import { renderLightboxError, renderLightboxForm } from './lightbox-page.ts';

export interface HostedPaymentsRoutesOptions {
  sandbox: ConvergeSandbox;
  assets: SandboxAssets;
  env: Pick<Env, 'PUBLIC_URL' | 'WEBPAY_PROVIDER_NAME'>;
}

const formSchema = z.record(z.string(), z.string());

const lightboxQuerySchema = z.object({
  token: z.string().trim().min(1).max(200),
  origin: z.string().max(200).optional(),
});

const NO_STORE = 'no-store';
const REVALIDATE = 'no-cache';

/** "error 4009 Required Field Not Supplied: ssl_amount is required." — integrators look for "error". */
function errorText(error: ConvergeErrorFields): string {
  return `error ${error.errorCode} ${error.errorName}: ${error.errorMessage}`;
}

/**
 * The lightbox page's own policy: its script and styles from here only, and
 * framed only by this server and the portal (PUBLIC_URL). The portal's
 * `frame-ancestors 'none'` and X-Frame-Options: DENY would forbid exactly
 * what the lightbox is for.
 */
function lightboxHelmet(publicOrigin: string) {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'", publicOrigin],
      },
    },
    xFrameOptions: false,
  } as const;
}

/** Any site may load the script, as Converge's is loaded by every merchant's page. */
const SCRIPT_HELMET = {
  crossOriginResourcePolicy: { policy: 'cross-origin' },
} as const;

/** Pages may be framed by the portal or by this server itself ('self' in the CSP). */
function parentOriginOf(request: FastifyRequest, origin: string | undefined, publicOrigin: string) {
  if (origin === undefined) return undefined;
  const ownOrigin = `${request.protocol}://${request.host}`;
  return origin === publicOrigin || origin === ownOrigin ? origin : undefined;
}

/** The lightbox's card form for a session token, or the page that reports why it cannot open. */
function lightboxPage(
  sandbox: HostedPaymentsRoutesOptions['sandbox'],
  merchantName: string,
  publicOrigin: string,
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', NO_STORE).type('text/html; charset=utf-8');
    const query = lightboxQuerySchema.safeParse(request.query);
    const parentOrigin = query.success
      ? parentOriginOf(request, query.data.origin, publicOrigin)
      : undefined;
    if (!query.success) {
      const error = SANDBOX_ERRORS.sessionInvalid;
      return reply.code(400).send(renderLightboxError({ merchantName, error, parentOrigin }));
    }
    if (parentOrigin === undefined) {
      const error = SANDBOX_ERRORS.foreignOpener;
      return reply.code(403).send(renderLightboxError({ merchantName, error, parentOrigin }));
    }
    const found = await sandbox.session(query.data.token);
    // A 200 like the form's: the page reports the error to the opener itself.
    if ('error' in found) {
      return reply.send(renderLightboxError({ merchantName, error: found.error, parentOrigin }));
    }
    return reply.send(
      renderLightboxForm({
        merchantName,
        token: query.data.token,
        session: found.session,
        parentOrigin,
      }),
    );
  };
}

/**
 * Converge's hosted payments: the server-to-server session token, the
 * PayWithConverge.js script, and the lightbox card form it frames.
 */
const hostedPaymentsRoutes: FastifyPluginAsync<HostedPaymentsRoutesOptions> = async (
  app,
  { sandbox, assets, env },
) => {
  const publicOrigin = new URL(env.PUBLIC_URL).origin;
  const merchantName = env.WEBPAY_PROVIDER_NAME;

  app.post(
    '/hosted-payments/transaction_token',
    { schema: { hide: true } },
    async (request, reply) => {
      reply.header('cache-control', NO_STORE).type('text/plain; charset=utf-8');
      const form = formSchema.safeParse(request.body ?? {});
      if (!form.success) {
        return reply.code(400).send(errorText(SANDBOX_ERRORS.malformedRequest('send a form')));
      }
      const answer = await sandbox.issueToken(form.data);
      if ('token' in answer) return reply.send(answer.token);
      return reply.code(answer.status).send(errorText(answer.error));
    },
  );

  app.get(
    '/hosted-payments/PayWithConverge.js',
    { schema: { hide: true }, helmet: SCRIPT_HELMET },
    async (_request, reply) =>
      reply
        .header('cache-control', REVALIDATE)
        // Lets a page check the script with Subresource Integrity (crossorigin="anonymous").
        .header('access-control-allow-origin', '*')
        .type('application/javascript; charset=utf-8')
        .send(assets.payWithConverge),
  );

  app.get(
    '/hosted-payments/lightbox',
    { schema: { hide: true }, helmet: lightboxHelmet(publicOrigin) },
    lightboxPage(sandbox, merchantName, publicOrigin),
  );

  const sendAsset = (type: string, body: string) => (_request: unknown, reply: FastifyReply) =>
    reply.header('cache-control', REVALIDATE).type(type).send(body);
  app.get(
    '/hosted-payments/lightbox/lightbox.js',
    { schema: { hide: true } },
    sendAsset('application/javascript; charset=utf-8', assets.lightboxScript),
  );
  app.get(
    '/hosted-payments/lightbox/lightbox.css',
    { schema: { hide: true } },
    sendAsset('text/css; charset=utf-8', assets.lightboxStyles),
  );

  app.post('/hosted-payments/lightbox/sale', { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', NO_STORE);
    const input = lightboxSaleSchema.safeParse(request.body);
    if (!input.success) {
      const error = SANDBOX_ERRORS.malformedRequest('send token, cardNumber, expiry, cvv and name');
      return reply.code(400).send({ type: 'error', error });
    }
    // Every outcome, field errors included, is a 200: the form shows them, and the browser
    // logs no failed request for what is an ordinary answer.
    return reply.send(await sandbox.sale(input.data));
  });
};

export default hostedPaymentsRoutes;
