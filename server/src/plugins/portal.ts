import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { PORTAL_BASE_PATH } from '@webpay/contracts/api';
import { apiErrors } from '../lib/api-error.ts';
import type { Env } from '../env.ts';
import { allowStyleNonce } from './security-headers.ts';

/** Vite puts content-hashed files here: a changed file gets a new name, so they never go stale. */
const ASSETS_DIR = 'assets/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else is revalidated on every use, so a new build shows up at once. */
const REVALIDATE = 'no-cache';

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

/**
 * index.html as each answer sends it: with that answer's style nonce in a
 * meta tag, where the portal reads it (web/src/lib/style-nonce.ts). The
 * browser hides a nonce attribute from the page's markup once loaded, so no
 * selector can read it back out.
 */
export function styleNonceSlot(html: string): {
  render: (nonce: string) => string;
  found: boolean;
} {
  const end = html.search(/<\/head>/i);
  if (end === -1) return { render: () => html, found: false };
  const [before, after] = [html.slice(0, end), html.slice(end)];
  return {
    render: (nonce) => `${before}<meta property="csp-nonce" nonce="${nonce}">\n${after}`,
    found: true,
  };
}

async function listFiles(root: string): Promise<Set<string>> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const files = new Set<string>();
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const path = relative(root, join(entry.parentPath, entry.name)).split(sep).join('/');
    // Dot-files (.vite manifests and the like) are build leftovers, not portal content.
    if (!path.split('/').some((segment) => segment.startsWith('.'))) files.add(path);
  }
  return files;
}

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>WebPay is not built yet</title></head>
<body>
<h1>The WebPay portal has not been built</h1>
<p>The server found no web build (WEB_DIST_DIR, by default web/dist).
Run <code>npm run build</code> in the repository, then restart the server
(or use <code>npm start</code>, which does both).</p>
<p>The billing service itself is running: see <a href="/api/docs">/api/docs</a>.</p>
</body>
</html>
`;

/**
 * Serves the single-page portal under /webpay: hashed assets cached for a
 * year, any other path answered with index.html so the client router can
 * take over, and `/` sent to the portal.
 */
const portal: FastifyPluginAsync<{ env: Env }> = async (app, { env }) => {
  const root = env.WEB_DIST_DIR;

  app.get('/', { schema: { hide: true } }, (_request, reply) =>
    reply.redirect(`${PORTAL_BASE_PATH}/`),
  );

  const indexPath = join(root, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn(
      { webDistDir: root },
      'no web build found; /webpay answers 503 until `npm run build`',
    );
    const notBuilt = (_request: unknown, reply: FastifyReply) =>
      reply
        .code(503)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(NOT_BUILT_PAGE);
    app.get(PORTAL_BASE_PATH, { schema: { hide: true } }, notBuilt);
    app.get(`${PORTAL_BASE_PATH}/*`, { schema: { hide: true } }, notBuilt);
    return;
  }

  const files = await listFiles(root);
  const injected = injectApiKey(await readFile(indexPath, 'utf8'), env.WEBPAY_API_KEY);
  if (!injected.found) {
    app.log.warn(
      'web/dist/index.html has no <meta name="webpay-api-key">; the portal cannot call the service',
    );
  }
  const index = styleNonceSlot(injected.html);
  if (!index.found) {
    app.log.warn(
      'web/dist/index.html has no </head>; the portal cannot lock scrolling under its dialogs',
    );
  }

  // The build writes .br and .gz copies beside the assets (web/build-tools/precompress.ts):
  // sent to browsers that accept them, with the same cache headers as the original.
  await app.register(fastifyStatic, {
    root,
    serve: false,
    dotfiles: 'deny',
    index: false,
    preCompressed: true,
  });

  const sendIndex = (reply: FastifyReply) =>
    reply
      .header('cache-control', REVALIDATE)
      .type('text/html; charset=utf-8')
      .send(index.render(allowStyleNonce(reply)));

  app.get(PORTAL_BASE_PATH, { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  app.get<{ Params: { '*': string } }>(
    `${PORTAL_BASE_PATH}/*`,
    { schema: { hide: true } },
    (request, reply) => {
      const path = request.params['*'];
      if (path === '' || path === 'index.html') return sendIndex(reply);
      if (files.has(path)) {
        const cacheControl = path.startsWith(ASSETS_DIR) ? IMMUTABLE : REVALIDATE;
        return reply.header('cache-control', cacheControl).sendFile(path, { cacheControl: false });
      }
      // A missing hashed asset is a stale page asking for an old build; HTML in its place would hide that.
      if (path.startsWith(ASSETS_DIR)) {
        throw apiErrors.notFound(`${PORTAL_BASE_PATH}/${path} is not part of this build.`);
      }
      return sendIndex(reply);
    },
  );
};

export default portal;
