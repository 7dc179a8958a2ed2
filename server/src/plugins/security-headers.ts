import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { processorOrigin, type Env } from '../env.ts';
import { CSP_REPORTING_GROUP, CSP_REPORTS_PATH } from '../modules/csp-reports/csp-reports.ts';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The portal's CSP: only our own code plus the card processor, whose
 * lightbox script, iframe and calls the payment dialog needs (PCI DSS 6.4.3:
 * no other script may run on the page that embeds the card form).
 */
export function contentSecurityPolicy(env: Pick<Env, 'CONVERGE_HOSTED_URL'>) {
  const processor = processorOrigin(env);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", processor],
    // Inline styles only with the nonce of an answer carrying the portal's page (allowStyleNonce).
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'", processor],
    frameSrc: [processor],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    // Violations are reported to the service (OWASP ASVS 5.0 3.4.7): report-to where the
    // browser supports the Reporting API, report-uri where it does not.
    reportUri: [CSP_REPORTS_PATH],
    reportTo: [CSP_REPORTING_GROUP],
  };
}

/**
 * Lets the document this answer carries add <style> elements that bear the
 * returned nonce, and no others: Radix's dialogs lock page scrolling with one,
 * whose rules depend on the width of the browser's scroll bar, so no hash could
 * name it in advance (decision 0005). A new nonce for every answer, so one
 * read from an old page is worth nothing on the next.
 */
export function allowStyleNonce(reply: FastifyReply): string {
  const nonce = randomBytes(16).toString('base64');
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy === 'string') {
    reply.header(
      'content-security-policy',
      policy.replace(
        /(?<=^|;)\s*style-src(?=\s|;|$)[^;]*/,
        (directive) => `${directive} 'nonce-${nonce}'`,
      ),
    );
  }
  return nonce;
}

/** The Reporting-Endpoints header that names the group the policy's report-to refers to. */
export const REPORTING_ENDPOINTS = `${CSP_REPORTING_GROUP}="${CSP_REPORTS_PATH}"`;

/** Helmet's settings for every answer (a route may give its own: `helmet` in its options). */
function helmetOptions(env: Env): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(env) },
    strictTransportSecurity: { maxAge: ONE_YEAR_SECONDS, includeSubDomains: true },
    // The processor checks the referrer's origin against the merchant's allow-list.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xContentTypeOptions: true,
    // For browsers that predate frame-ancestors.
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers Helmet sets with `options`, worked out once. Ours are the
 * same on every answer, and @fastify/helmet builds Helmet anew for each
 * request: about half of the service's own time on a small answer.
 */
export function helmetHeaders(options: FastifyHelmetOptions): Record<string, string> {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  let applied = false;
  // @fastify/helmet's option types are Helmet's own, declared a second time.
  helmet(options as HelmetOptions)(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    () => {
      applied = true;
    },
  );
  if (!applied) throw new Error('Helmet did not apply its headers at once');
  return Object.fromEntries(headers);
}

export default fp(
  async function securityHeaders(app, options: { env: Env }) {
    const settings = helmetOptions(options.env);
    // Registered for the routes with settings of their own (the sandbox's pages) and reply.helmet().
    await app.register(fastifyHelmet, { global: false, ...settings });
    const headers = helmetHeaders(settings);
    app.addHook('onRequest', async (request, reply) => {
      // @fastify/helmet puts a route's own settings in its config, and applies them itself.
      const config = request.routeOptions.config as { helmet?: unknown };
      if (config.helmet === undefined) reply.headers(headers);
    });
    // Only answers whose policy reports to the group need it (pages with a policy of their own do not).
    app.addHook('onSend', async (_request, reply) => {
      const policy = reply.getHeader('content-security-policy');
      if (typeof policy === 'string' && policy.includes(`report-to ${CSP_REPORTING_GROUP}`)) {
        reply.header('reporting-endpoints', REPORTING_ENDPOINTS);
      }
    });
  },
  { name: 'security-headers' },
);
