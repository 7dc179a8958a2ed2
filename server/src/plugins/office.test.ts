import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../test/support/database.ts';
import { startTestServer, type TestServer } from '../../test/support/test-server.ts';
import { listFiles } from './spa.ts';

const PORTAL_HTML = `<!doctype html>
<html lang="en"><head>
<meta name="webpay-api-key" content="placeholder">
<script type="module" src="/webpay/assets/index-abc123.js"></script>
</head><body><div id="root">portal</div></body></html>`;

const OFFICE_HTML = `<!doctype html>
<html lang="en"><head>
<script type="module" src="/office/assets/office-def456.js"></script>
</head><body><div id="root">office</div></body></html>`;

async function writeBuild(distDir: string): Promise<void> {
  await mkdir(join(distDir, 'assets'));
  await mkdir(join(distDir, 'office', 'assets'), { recursive: true });
  await mkdir(join(distDir, 'office', '.audit'));
  await writeFile(join(distDir, 'index.html'), PORTAL_HTML);
  await writeFile(join(distDir, 'assets', 'index-abc123.js'), 'console.log("portal");');
  await writeFile(join(distDir, 'office', 'index.html'), OFFICE_HTML);
  await writeFile(join(distDir, 'office', 'assets', 'office-def456.js'), 'console.log("office");');
  await writeFile(join(distDir, 'office', '.audit', 'script-inventory.json'), '{"secret":1}');
}

describe('the files of a build', () => {
  let distDir: string;

  beforeAll(async () => {
    distDir = await mkdtemp(join(tmpdir(), 'webpay-dist-'));
    await writeBuild(distDir);
  });

  afterAll(async () => {
    await rm(distDir, { recursive: true, force: true });
  });

  it("leave out dot-files and a nested page's build, which that page serves", async () => {
    expect([...(await listFiles(distDir))].sort()).toEqual([
      'assets/index-abc123.js',
      'index.html',
    ]);
    expect([...(await listFiles(join(distDir, 'office')))].sort()).toEqual([
      'assets/office-def456.js',
      'index.html',
    ]);
  });
});

describe.each(testDatabaseKinds)('serving the billing office console (%s)', (kind) => {
  let distDir: string;
  let server: TestServer;

  beforeAll(async () => {
    distDir = await mkdtemp(join(tmpdir(), 'webpay-dist-'));
    await writeBuild(distDir);
    server = await startTestServer(kind, {
      env: { WEB_DIST_DIR: distDir, WEBPAY_API_KEY: 'portal-test-api-key' },
    });
  });

  afterAll(async () => {
    await server?.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it("answers its page paths with its own index.html, a style nonce, and never the portal's key", async () => {
    for (const path of [
      '/office',
      '/office/',
      '/office/guarantors/g-1',
      '/office/sign-in?ended=idle',
    ]) {
      const response = await fetch(`${server.baseUrl}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy).toContain("script-src 'self'");
      const nonce = /style-src 'self' 'nonce-([A-Za-z0-9+/]{22}==)'/.exec(policy)?.[1];
      const html = await response.text();
      expect(html).toContain('<div id="root">office</div>');
      expect(html).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
      expect(html).not.toContain('portal-test-api-key');
    }
  });

  it('caches its hashed assets for a year and 404s a missing one', async () => {
    const asset = await fetch(`${server.baseUrl}/office/assets/office-def456.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await asset.text()).toBe('console.log("office");');
    const missing = await fetch(`${server.baseUrl}/office/assets/office-old999.js`);
    expect(missing.status).toBe(404);
  });

  it("keeps the two pages apart: the portal never serves the console's files", async () => {
    const viaPortal = await fetch(`${server.baseUrl}/webpay/office/assets/office-def456.js`);
    expect(await viaPortal.text()).not.toContain('console.log("office")');
    const portal = await fetch(`${server.baseUrl}/webpay/dashboard`);
    expect(await portal.text()).toContain('<div id="root">portal</div>');
    const viaOffice = await fetch(`${server.baseUrl}/office/.audit/script-inventory.json`);
    expect(await viaOffice.text()).not.toContain('secret');
  });
});
