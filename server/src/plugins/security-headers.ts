import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import { processorOrigin, type Env } from '../env.ts';

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
    // Radix's scroll lock adds a <style> element while a dialog is open; styles
    // cannot run code, so inline styles are allowed while scripts stay strict.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'", processor],
    frameSrc: [processor],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
  };
}

export default fp(
  async function securityHeaders(app, options: { env: Env }) {
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options.env) },
      strictTransportSecurity: { maxAge: ONE_YEAR_SECONDS, includeSubDomains: true },
      // The processor checks the referrer's origin against the merchant's allow-list.
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      xContentTypeOptions: true,
      // For browsers that predate frame-ancestors.
      xFrameOptions: { action: 'deny' },
      crossOriginEmbedderPolicy: false,
    });
  },
  { name: 'security-headers' },
);
