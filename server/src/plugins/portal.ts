import type { FastifyPluginAsync } from 'fastify';
import { PORTAL_BASE_PATH } from '@webpay/contracts/api';
import type { Env } from '../env.ts';
import { serveSpa } from './spa.ts';

const API_KEY_META = /<meta\b[^>]*\bname\s*=\s*["']webpay-api-key["'][^>]*>/i;

function escapeAttribute(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/**
 * The portal reads its API key from a meta tag, so the one build works with
 * whatever key this deployment is configured with.
 */
export function injectApiKey(html: string, apiKey: string): { html: string; found: boolean } {
  const match = API_KEY_META.exec(html);
  if (!match) return { html, found: false };
  const tag = match[0];
  const content = `content="${escapeAttribute(apiKey)}"`;
  const rewritten = /\bcontent\s*=\s*(["'])[^"']*\1/i.test(tag)
    ? tag.replace(/\bcontent\s*=\s*(["'])[^"']*\1/i, content)
    : tag.replace(/\s*\/?>$/, ` ${content}>`);
  return { html: html.replace(tag, rewritten), found: true };
}

/** The first paint's logo (web/src/components/full-screen-spinner.tsx), by its marking attribute. */
const BRAND_LOGO = /<img\b[^>]*\bdata-brand-logo\b[^>]*>/i;
const attribute = (name: string) => new RegExp(`\\b${name}="([^"]*)"`, 'i');
/** React preloads an image it renders; the link names the logo's source too. */
const imagePreload = (href: string) => `<link rel="preload" as="image" href="${href}"/>`;

/**
 * The built page's first paint shows the default logo; this deployment's
 * logo and portal name go in instead, so the logo does not change when the
 * app starts (it reads them back from the page, web/src/config/page-branding.ts).
 */
export function injectBrandLogo(
  html: string,
  { logoUrl, portalName }: { logoUrl: string; portalName: string },
): { html: string; found: boolean } {
  const tag = BRAND_LOGO.exec(html)?.[0];
  const builtSrc = tag ? attribute('src').exec(tag)?.[1] : undefined;
  if (!tag || builtSrc === undefined) return { html, found: false };
  const src = escapeAttribute(logoUrl);
  const rewritten = tag
    .replace(attribute('src'), `src="${src}"`)
    .replace(attribute('alt'), `alt="${escapeAttribute(portalName)}"`);
  return {
    html: html.replace(tag, rewritten).replace(imagePreload(builtSrc), imagePreload(src)),
    found: true,
  };
}

/** Serves the single-page portal under /webpay, and sends `/` to it. */
const portal: FastifyPluginAsync<{ env: Env }> = async (app, { env }) => {
  app.get('/', { schema: { hide: true } }, (_request, reply) =>
    reply.redirect(`${PORTAL_BASE_PATH}/`),
  );
  await serveSpa(app, {
    basePath: PORTAL_BASE_PATH,
    root: env.WEB_DIST_DIR,
    name: 'The WebPay portal',
    prepareIndex: (html, warn) => {
      const injected = injectApiKey(html, env.WEBPAY_API_KEY);
      if (!injected.found) {
        warn('index.html has no <meta name="webpay-api-key">; the portal cannot call the service');
      }
      const branded = injectBrandLogo(injected.html, {
        logoUrl: env.WEBPAY_LOGO_URL,
        portalName: env.WEBPAY_PORTAL_NAME,
      });
      if (!branded.found)
        warn('index.html has no first paint; the page stays blank until its script runs');
      return branded.html;
    },
  });
};

export default portal;
