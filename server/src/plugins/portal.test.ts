import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../test/support/database.ts';
import { startTestServer, type TestServer } from '../../test/support/test-server.ts';
import { injectApiKey, injectBrandLogo } from './portal.ts';
import { styleNonceSlot } from './spa.ts';

describe('injectApiKey', () => {
  it('replaces the content of the webpay-api-key meta tag, escaped', () => {
    const html = '<head><meta name="webpay-api-key" content="__WEBPAY_API_KEY__" /></head>';
    expect(injectApiKey(html, 'k"<1>&')).toEqual({
      html: '<head><meta name="webpay-api-key" content="k&quot;&lt;1&gt;&amp;" /></head>',
      found: true,
    });
  });

  it('handles attribute order and a missing content attribute', () => {
    expect(injectApiKey("<meta content='' name='webpay-api-key'>", 'key').html).toBe(
      `<meta content="key" name='webpay-api-key'>`,
    );
    expect(injectApiKey('<meta name="webpay-api-key">', 'key').html).toBe(
      '<meta name="webpay-api-key" content="key">',
    );
  });

  it('reports a page without the tag', () => {
    expect(injectApiKey('<html></html>', 'key')).toEqual({ html: '<html></html>', found: false });
  });
});

describe('injectBrandLogo', () => {
  const built =
    '<div id="root"><link rel="preload" as="image" href="/webpay/logo.svg"/>' +
    '<div role="status"><img src="/webpay/logo.svg" alt="Patient Payment Portal" class="size-16" data-brand-logo=""/></div></div>';

  it("puts this deployment's logo and portal name into the first paint, escaped", () => {
    expect(
      injectBrandLogo(built, { logoUrl: '/brand/st-mary"s.png', portalName: 'St. Mary <Pay>' }),
    ).toEqual({
      html:
        '<div id="root"><link rel="preload" as="image" href="/brand/st-mary&quot;s.png"/>' +
        '<div role="status"><img src="/brand/st-mary&quot;s.png" alt="St. Mary &lt;Pay&gt;" class="size-16" data-brand-logo=""/></div></div>',
      found: true,
    });
  });

  it('reports a page without a first paint', () => {
    expect(injectBrandLogo(INDEX_HTML, { logoUrl: '/x.svg', portalName: 'X' })).toEqual({
      html: INDEX_HTML,
      found: false,
    });
  });
});

describe('styleNonceSlot', () => {
  it("puts each answer's nonce in a meta tag at the end of the head", () => {
    const slot = styleNonceSlot('<html><head><title>WebPay</title></head><body></body></html>');
    expect(slot.found).toBe(true);
    expect(slot.render('bm9uY2U=')).toBe(
      '<html><head><title>WebPay</title><meta property="csp-nonce" nonce="bm9uY2U=">\n</head><body></body></html>',
    );
  });

  it('reports a page without a head', () => {
    const slot = styleNonceSlot('<div id="root"></div>');
    expect(slot.found).toBe(false);
    expect(slot.render('bm9uY2U=')).toBe('<div id="root"></div>');
  });
});

const INDEX_HTML = `<!doctype html>
<html lang="en"><head>
<meta name="webpay-api-key" content="placeholder">
<script type="module" src="/webpay/assets/index-abc123.js"></script>
</head><body><div id="root"></div></body></html>`;

const APP_JS = `export const portal = ${JSON.stringify('portal '.repeat(200))};`;

describe.each(testDatabaseKinds)('serving the portal (%s)', (kind) => {
  let distDir: string;
  let server: TestServer;

  beforeAll(async () => {
    distDir = await mkdtemp(join(tmpdir(), 'webpay-dist-'));
    await mkdir(join(distDir, 'assets'));
    await writeFile(join(distDir, 'index.html'), INDEX_HTML);
    await writeFile(join(distDir, 'assets', 'index-abc123.js'), 'console.log("portal");');
    await writeFile(join(distDir, 'assets', 'app-def456.js'), APP_JS);
    await writeFile(join(distDir, 'assets', 'app-def456.js.br'), brotliCompressSync(APP_JS));
    await writeFile(join(distDir, 'assets', 'app-def456.js.gz'), gzipSync(APP_JS));
    await writeFile(join(distDir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(join(distDir, '.env'), 'SECRET=1');
    server = await startTestServer(kind, {
      env: { WEB_DIST_DIR: distDir, WEBPAY_API_KEY: 'portal-test-api-key' },
    });
  });

  afterAll(async () => {
    await server?.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it('redirects / to the portal', async () => {
    const response = await fetch(`${server.baseUrl}/`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/webpay/');
  });

  it('serves index.html with the configured API key and no-cache', async () => {
    for (const path of ['/webpay', '/webpay/', '/webpay/index.html']) {
      const response = await fetch(`${server.baseUrl}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const html = await response.text();
      expect(html).toContain('<meta name="webpay-api-key" content="portal-test-api-key">');
      expect(html).not.toContain('placeholder');
    }
  });

  it('answers client-side routes with index.html (SPA fallback)', async () => {
    for (const path of [
      '/webpay/dashboard',
      '/webpay/login/pin?next=/dashboard',
      '/webpay/a/b/c',
    ]) {
      const response = await fetch(`${server.baseUrl}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('gives every answer of the page a style nonce of its own, in its policy and in the page', async () => {
    const nonces = [];
    for (let answer = 0; answer < 3; answer += 1) {
      const response = await fetch(`${server.baseUrl}/webpay/dashboard`);
      const policy = response.headers.get('content-security-policy') ?? '';
      const nonce = /(?:^|;)style-src 'self' 'nonce-([A-Za-z0-9+/]{22}==)'(?:;|$)/.exec(
        policy,
      )?.[1];
      expect(nonce, policy).toBeDefined();
      expect(await response.text()).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
      nonces.push(nonce);
    }
    expect(new Set(nonces).size).toBe(3);
  });

  it('caches hashed assets for a year and other files not at all', async () => {
    const asset = await fetch(`${server.baseUrl}/webpay/assets/index-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(await asset.text()).toBe('console.log("portal");');

    const logo = await fetch(`${server.baseUrl}/webpay/logo.svg`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('cache-control')).toBe('no-cache');
    expect(logo.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await logo.text()).toContain('<svg');
  });

  it('sends the precompressed copy the browser accepts, cached like the original', async () => {
    const url = `${server.baseUrl}/webpay/assets/app-def456.js`;
    for (const [accepted, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['identity', null],
    ] as const) {
      const response = await fetch(url, { headers: { 'accept-encoding': accepted } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(response.headers.get('content-type')).toMatch(/javascript/);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await response.text()).toBe(APP_JS);
    }
  });

  it('answers a missing hashed asset with 404 rather than the page', async () => {
    const response = await fetch(`${server.baseUrl}/webpay/assets/index-old999.js`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('never serves dot-files or paths outside the build', async () => {
    const dotFile = await fetch(`${server.baseUrl}/webpay/.env`);
    expect(await dotFile.text()).not.toContain('SECRET');
    const traversal = await fetch(`${server.baseUrl}/webpay/%2e%2e/%2e%2e/package.json`);
    expect(await traversal.text()).not.toContain('"workspaces"');
  });

  it('puts the security headers on the portal page', async () => {
    const response = await fetch(`${server.baseUrl}/webpay/dashboard`);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe.each(testDatabaseKinds)('without a web build (%s)', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('tells the operator to run the build', async () => {
    const response = await fetch(`${server.baseUrl}/webpay/dashboard`);
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toContain('npm run build');
  });

  it('still answers the service', async () => {
    const response = await fetch(`${server.baseUrl}/healthz`);
    expect(response.status).toBe(200);
  });
});
