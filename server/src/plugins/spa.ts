import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { apiErrors } from '../lib/api-error.ts';
import { allowStyleNonce } from './security-headers.ts';

/*
 * A single-page app's build served under a base path: the guarantor portal
 * at /webpay (portal.ts) and the billing office console at /office
 * (office.ts), each from its own build folder.
 */

/** Vite puts content-hashed files here: a changed file gets a new name, so they never go stale. */
const ASSETS_DIR = 'assets/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else is revalidated on every use, so a new build shows up at once. */
const REVALIDATE = 'no-cache';

/**
 * index.html as each answer sends it: with that answer's style nonce in a
 * meta tag, where the page reads it (web/src/lib/style-nonce.ts). The
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

/**
 * The build's files, by their path under `root`. Dot-files (.vite manifests,
 * the script inventory) are build leftovers, not content; a folder with an
 * index.html of its own is another page's build, which that page serves.
 */
export async function listFiles(root: string): Promise<Set<string>> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const paths = entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((path) => !path.split('/').some((segment) => segment.startsWith('.')));
  const otherPages = paths
    .filter((path) => path.endsWith('/index.html'))
    .map((path) => path.slice(0, -'index.html'.length));
  return new Set(paths.filter((path) => !otherPages.some((page) => path.startsWith(page))));
}

function notBuiltPage(name: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${name} is not built yet</title></head>
<body>
<h1>${name} has not been built</h1>
<p>The server found no web build (WEB_DIST_DIR, by default web/dist).
Run <code>npm run build</code> in the repository, then restart the server
(or use <code>npm start</code>, which does both).</p>
<p>The billing service itself is running: see <a href="/api/docs">/api/docs</a>.</p>
</body>
</html>
`;
}

export interface SpaOptions {
  /** Where the page is served, without a trailing slash, e.g. `/webpay`. */
  basePath: string;
  /** The build folder, holding index.html and assets/. */
  root: string;
  /** What the page is called in logs and in the not-built page. */
  name: string;
  /** index.html as this deployment serves it (e.g. with its API key); warns on what it could not do. */
  prepareIndex?: (html: string, warn: (message: string) => void) => string;
}

/** Until a build exists, every page path says how to make one (503). */
function answerNotBuilt(app: FastifyInstance, { basePath, root, name }: SpaOptions): void {
  app.log.warn(
    { webDistDir: root },
    `no ${name} build found; ${basePath} answers 503 until \`npm run build\``,
  );
  const page = notBuiltPage(name);
  const notBuilt = (_request: unknown, reply: FastifyReply) =>
    reply.code(503).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
  app.get(basePath, { schema: { hide: true } }, notBuilt);
  app.get(`${basePath}/*`, { schema: { hide: true } }, notBuilt);
}

/**
 * Serves a single-page app under `basePath`: hashed assets cached for a
 * year, any other path answered with index.html (with this answer's style
 * nonce) so the client router can take over. Register it in a plugin of its
 * own: it adds @fastify/static to the plugin's context.
 */
export async function serveSpa(app: FastifyInstance, options: SpaOptions): Promise<void> {
  const { basePath, root, name } = options;
  const indexPath = join(root, 'index.html');
  if (!existsSync(indexPath)) {
    answerNotBuilt(app, options);
    return;
  }

  const files = await listFiles(root);
  const warn = (message: string) => app.log.warn(`${name}: ${message}`);
  const html = await readFile(indexPath, 'utf8');
  const index = styleNonceSlot(options.prepareIndex ? options.prepareIndex(html, warn) : html);
  if (!index.found)
    warn('index.html has no </head>; the page cannot lock scrolling under its dialogs');

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

  app.get(basePath, { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  app.get<{ Params: { '*': string } }>(
    `${basePath}/*`,
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
        throw apiErrors.notFound(`${basePath}/${path} is not part of this build.`);
      }
      return sendIndex(reply);
    },
  );
}
