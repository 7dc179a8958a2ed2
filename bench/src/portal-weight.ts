import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { DEMO_GUARANTORS } from '@webpay/server/testkit/demo';
import { startTestServer } from '@webpay/server/testkit/test-server';
import { chromiumLaunchOptions } from '../../e2e/support/chromium.ts';

/*
 * The portal's weight: the JavaScript and CSS a browser fetches for each route
 * of the production build, measured by loading the route in Chromium against
 * the real server and compressing each response body as a server would
 * (gzip level 9, brotli quality 11). "Beyond the login page" is what a route
 * fetches that the login page did not: what it costs once the sign-in page is
 * in the cache.
 */

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const WEB_DIR = path.join(REPO_ROOT, 'web');
const DEFAULT_DIST = path.join(WEB_DIR, 'dist');

/** Debian's Chromium with the browser tests' flags, which keep it off the network. */
export const CHROMIUM_PATH = chromiumLaunchOptions.executablePath ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = chromiumLaunchOptions.args ?? [];

/** The budget the login page is held to. */
export const LOGIN_JS_BUDGET_GZIP_BYTES = 120 * 1024;

export interface Sizes {
  files: number;
  raw: number;
  gzip: number;
  brotli: number;
}

export interface Weight {
  js: Sizes;
  css: Sizes;
  /** Every request the page made, the document and API calls included. */
  requests: number;
}

export interface PortalWeightRow {
  route: string;
  path: string;
  signedIn: boolean;
  /** What the route fetches when opened directly with an empty cache. */
  total: Weight;
  /** What it asked for before its first heading showed: what it needs to be usable. */
  usable: Weight;
  /** What it fetches beyond the login page's files. */
  added: Weight;
  /** The JS and CSS files, by name under assets/, with their gzip sizes, largest first. */
  files: { name: string; gzip: number }[];
}

export interface PortalWeightResult {
  distDir: string;
  built: 'web/dist' | 'npm run build' | 'given directory' | 'fresh build with manifest';
  /** index.html's own entry: its script, modulepreloads and stylesheets, read from the build. */
  entry: Weight & { files: string[] };
  rows: PortalWeightRow[];
  /** JS the login page asks for before it is usable (the budget's measure). */
  loginJsGzip: number;
  /** All JS of the login page until the network is quiet, files fetched when idle included. */
  loginAllJsGzip: number;
  loginBudgetMet: boolean;
}

export interface PortalWeightOptions {
  /** Build into a temporary directory with Vite's manifest instead of using web/dist. */
  freshBuild?: boolean;
  /** A build to measure; web/dist by default (built with `npm run build` when missing). */
  distDir?: string;
}

interface PortalRoute {
  route: string;
  path: string;
  signedIn: boolean;
}

export const PORTAL_ROUTES: PortalRoute[] = [
  { route: 'login', path: '/webpay/login', signedIn: false },
  { route: 'login/pin', path: '/webpay/login/pin', signedIn: false },
  { route: 'login/email', path: '/webpay/login/email', signedIn: false },
  { route: 'login/signup', path: '/webpay/login/signup', signedIn: false },
  {
    route: 'verify/code',
    path: '/webpay/verify/code?guarantorId=1&verificationId=1&email=maria%40example.com',
    signedIn: false,
  },
  { route: 'dashboard', path: '/webpay/dashboard', signedIn: true },
  { route: 'statements', path: '/webpay/statements', signedIn: true },
  { route: 'payments', path: '/webpay/payments', signedIn: true },
  { route: 'contact', path: '/webpay/contact', signedIn: true },
];

interface Asset {
  name: string;
  kind: 'js' | 'css';
  raw: number;
  gzip: number;
  brotli: number;
}

function measureBody(name: string, body: Buffer): Asset {
  return {
    name,
    kind: name.endsWith('.css') ? 'css' : 'js',
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    brotli: brotliCompressSync(body, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 },
    }).length,
  };
}

const emptySizes = (): Sizes => ({ files: 0, raw: 0, gzip: 0, brotli: 0 });

function weigh(assets: Asset[], requests: number): Weight {
  const weight: Weight = { js: emptySizes(), css: emptySizes(), requests };
  for (const asset of assets) {
    const sizes = weight[asset.kind];
    sizes.files += 1;
    sizes.raw += asset.raw;
    sizes.gzip += asset.gzip;
    sizes.brotli += asset.brotli;
  }
  return weight;
}

async function viteBuildWithManifest(): Promise<string> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'webpay-portal-build-'));
  const { build } = await import('vite');
  await build({
    root: WEB_DIR,
    configFile: path.join(WEB_DIR, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  return outDir;
}

/** The build to measure: web/dist (built when missing), another directory, or a fresh temporary one. */
export async function resolvePortalBuild(
  options: PortalWeightOptions,
): Promise<{ distDir: string; built: PortalWeightResult['built']; temporary: boolean }> {
  if (options.freshBuild) {
    return {
      distDir: await viteBuildWithManifest(),
      built: 'fresh build with manifest',
      temporary: true,
    };
  }
  const distDir = options.distDir ?? DEFAULT_DIST;
  if (existsSync(path.join(distDir, 'index.html'))) {
    return {
      distDir,
      built: options.distDir === undefined ? 'web/dist' : 'given directory',
      temporary: false,
    };
  }
  if (distDir !== DEFAULT_DIST) throw new Error(`${distDir} holds no index.html`);
  const result = spawnSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm run build failed (${String(result.status)})`);
  return { distDir, built: 'npm run build', temporary: false };
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * The files index.html loads before any route's code: with Vite's manifest
 * (.vite/manifest.json, written by a fresh build), the entry chunk, its static
 * imports and their CSS; without it, the script, modulepreloads and
 * stylesheets index.html names, which Vite writes from the same graph.
 */
async function entryFiles(distDir: string): Promise<string[]> {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  if (existsSync(manifestPath)) {
    const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Record<
      string,
      ManifestChunk
    >;
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const css of chunk.css ?? []) files.add(css);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit('index.html');
    if (files.size > 0) return [...files].map((file) => file.replace(/^assets\//, ''));
  }
  const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
  return [...html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="([^"]+)"[^>]*>/g)]
    .map((match) => match[1] ?? '')
    .filter((href) => /\/assets\/[^/]+\.(?:js|css)$/.test(href))
    .map((href) => href.slice(href.indexOf('/assets/') + '/assets/'.length));
}

async function entryWeight(distDir: string): Promise<PortalWeightResult['entry']> {
  const assets: Asset[] = [];
  for (const name of await entryFiles(distDir)) {
    assets.push(measureBody(name, await readFile(path.join(distDir, 'assets', name))));
  }
  return { ...weigh(assets, 1 + assets.length), files: assets.map((asset) => asset.name) };
}

/** Records every JS and CSS response of a page, with its body's sizes. */
interface AssetRecorder {
  assets: Map<string, Asset>;
  /** When each asset was asked for (performance.now()). */
  requestedAt: Map<string, number>;
  requests: () => number;
  /** Waits for the bodies read so far; the caller lets the network settle first. */
  settle: () => Promise<unknown>;
}

function recordAssets(page: Page): AssetRecorder {
  const assets = new Map<string, Asset>();
  const requestedAt = new Map<string, number>();
  const pending: Promise<void>[] = [];
  let requests = 0;
  page.on('request', (request) => {
    requests += 1;
    const name = new URL(request.url()).pathname.split('/assets/')[1];
    if (name && !requestedAt.has(name)) requestedAt.set(name, performance.now());
  });
  page.on('response', (response) => {
    const url = new URL(response.url());
    const name = url.pathname.split('/assets/')[1];
    if (!name || !/\.(?:js|css)$/.test(name) || assets.has(name)) return;
    pending.push(
      response.body().then((body) => {
        assets.set(name, measureBody(name, body));
      }),
    );
  });
  return { assets, requestedAt, requests: () => requests, settle: () => Promise.all(pending) };
}

async function loadRoute(
  context: BrowserContext,
  baseUrl: string,
  route: PortalRoute,
): Promise<{ assets: Asset[]; usableNames: Set<string>; requests: number }> {
  const page = await context.newPage();
  const recorder = recordAssets(page);
  try {
    await page.goto(`${baseUrl}${route.path}`, { waitUntil: 'commit' });
    await page.locator('h1, h2').first().waitFor({ state: 'visible', timeout: 15_000 });
    const usableAt = performance.now();
    await page.waitForLoadState('networkidle');
    await recorder.settle();
    if (route.signedIn && new URL(page.url()).pathname.startsWith('/webpay/login')) {
      throw new Error(`${route.path} sent the browser to sign in`);
    }
    const usableNames = new Set(
      [...recorder.requestedAt].filter(([, at]) => at <= usableAt).map(([name]) => name),
    );
    return { assets: [...recorder.assets.values()], usableNames, requests: recorder.requests() };
  } finally {
    await page.close();
  }
}

async function signedInContext(browser: Browser, baseUrl: string): Promise<BrowserContext> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const maria = DEMO_GUARANTORS.maria;
  await page.goto(`${baseUrl}/webpay/login/pin`);
  await page.getByLabel('Account number').fill(maria.accountNumber);
  await page.getByLabel('PIN', { exact: true }).fill(maria.pin);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/webpay\/dashboard/, { timeout: 30_000 });
  await page.close();
  return context;
}

/** Intercepting every request turns Chromium's HTTP cache off, so each page fetches all it needs. */
async function withoutCache(context: BrowserContext): Promise<BrowserContext> {
  await context.route('**/*', (route) => route.continue());
  return context;
}

export async function benchPortalWeight(
  options: PortalWeightOptions = {},
): Promise<PortalWeightResult> {
  const { distDir, built, temporary } = await resolvePortalBuild(options);
  const server = await startTestServer('pglite', { env: { WEB_DIST_DIR: distDir } });
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const entry = await entryWeight(distDir);
    const anonymous = await withoutCache(await browser.newContext());
    const signedIn = await withoutCache(await signedInContext(browser, server.baseUrl));
    const loaded: {
      route: PortalRoute;
      assets: Asset[];
      usableNames: Set<string>;
      requests: number;
    }[] = [];
    for (const route of PORTAL_ROUTES) {
      const context = route.signedIn ? signedIn : anonymous;
      loaded.push({ route, ...(await loadRoute(context, server.baseUrl, route)) });
    }
    const login = loaded.find((entry) => entry.route.route === 'login');
    if (!login) throw new Error('the login page was not measured');
    const loginFiles = new Set(login.assets.map((asset) => asset.name));
    const rows = loaded.map(({ route, assets, usableNames, requests }): PortalWeightRow => {
      const added = assets.filter((asset) => !loginFiles.has(asset.name));
      const usable = assets.filter((asset) => usableNames.has(asset.name));
      return {
        route: route.route,
        path: route.path,
        signedIn: route.signedIn,
        total: weigh(assets, requests),
        usable: weigh(usable, usable.length),
        added: weigh(added, added.length),
        files: assets.map(({ name, gzip }) => ({ name, gzip })).sort((a, b) => b.gzip - a.gzip),
      };
    });
    const loginRow = rows.find((row) => row.route === 'login');
    const loginJsGzip = loginRow?.usable.js.gzip ?? Number.NaN;
    const loginAllJsGzip = loginRow?.total.js.gzip ?? Number.NaN;
    return {
      distDir,
      built,
      entry,
      rows,
      loginJsGzip,
      loginAllJsGzip,
      loginBudgetMet: loginJsGzip <= LOGIN_JS_BUDGET_GZIP_BYTES,
    };
  } finally {
    await browser.close();
    await server.close();
    if (temporary) await rm(distDir, { recursive: true, force: true });
  }
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);

export function printPortalWeight(result: PortalWeightResult): void {
  console.info(`\nPortal weight (${result.built}: ${result.distDir}), KB; gzip -9, brotli q11`);
  const header = `  ${'route'.padEnd(13)} ${'JS raw'.padStart(7)} ${'JS gz'.padStart(7)} ${'JS br'.padStart(7)} ${'CSS raw'.padStart(7)} ${'CSS gz'.padStart(7)} ${'req'.padStart(4)}  | usable: ${'JS gz'.padStart(7)} | beyond login: ${'JS gz'.padStart(7)} ${'CSS gz'.padStart(7)} ${'files'.padStart(5)}`;
  console.info(header);
  const line = (name: string, total: Weight, usable?: Weight, added?: Weight) =>
    console.info(
      `  ${name.padEnd(13)} ${kb(total.js.raw)} ${kb(total.js.gzip)} ${kb(total.js.brotli)} ${kb(total.css.raw)} ${kb(total.css.gzip)} ${String(total.requests).padStart(4)}  | ${usable ? `        ${kb(usable.js.gzip)}` : ' '.repeat(15)} | ${added ? `              ${kb(added.js.gzip)} ${kb(added.css.gzip)} ${String(added.js.files + added.css.files).padStart(5)}` : ''}`,
    );
  line('index.html', result.entry);
  for (const row of result.rows) line(row.route, row.total, row.usable, row.added);
  console.info(
    `  index.html = its entry chunk, static imports and CSS (Vite's manifest when the build has one); req = every request of a cold load, document and API calls included; usable = JS asked for before the route's first heading showed (the rest is fetched once the page is idle)`,
  );
  const login = result.rows.find((row) => row.route === 'login');
  if (login) {
    const largest = login.files.slice(0, 5).map((file) => `${file.name} ${kb(file.gzip).trim()}`);
    console.info(`  login page's largest files (KB gzip): ${largest.join(', ')}`);
  }
  console.info(
    `  target: login page JS ≤ 120 KB gzip before it is usable — ${(result.loginJsGzip / 1024).toFixed(1)} KB (${(result.loginAllJsGzip / 1024).toFixed(1)} KB with what it fetches when idle): ${result.loginBudgetMet ? 'PASS' : 'FAIL'}`,
  );
}
