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
      return injected.html;
    },
  });
};

export default portal;
