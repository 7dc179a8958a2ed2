import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { DEMO_GUARANTORS } from '@webpay/server/testkit/demo';
import { freePort, startTestServer } from '@webpay/server/testkit/test-server';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  resolvePortalBuild,
  type PortalWeightOptions,
} from './portal-weight.ts';

/*
 * Lighthouse (its default mobile settings: a mid-range phone, simulated slow
 * 4G) on the login page and, signed in as Maria, the dashboard. One Chromium
 * serves both: it is started with a debugging port, Playwright signs in over
 * CDP, and Lighthouse opens its own tab on the same port. Lighthouse empties
 * the HTTP cache before each page but keeps localStorage, where the portal
 * holds its session, so the dashboard loads cold and signed in.
 */

export interface PortalLighthouseRow {
  page: string;
  url: string;
  /** The URL Lighthouse ended on: a signed-in page sent back to sign in would show here. */
  finalUrl: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** Lighthouse's measure of this machine's CPU at the time (higher is faster; a loaded machine scores low). */
  benchmarkIndex: number;
  warnings: string[];
}

const PAGES = [
  { page: 'login', path: '/webpay/login', signedIn: false },
  { page: 'dashboard', path: '/webpay/dashboard', signedIn: true },
];

async function waitForDebugger(port: number, chromiumProcess: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (chromiumProcess.exitCode !== null) {
      throw new Error(`Chromium exited (${String(chromiumProcess.exitCode)}) before listening`);
    }
    try {
      const response = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Chromium did not open its debugging port ${port} within 30 s`);
}

/** Ends Chromium and waits for it, so that its profile can be removed. */
async function stopChromium(chromiumProcess: ChildProcess): Promise<void> {
  if (chromiumProcess.exitCode !== null || chromiumProcess.signalCode !== null) return;
  const exited = new Promise((resolve) => chromiumProcess.once('exit', resolve));
  chromiumProcess.kill('SIGTERM');
  const timer = setTimeout(() => chromiumProcess.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

function score(value: number | null | undefined): number {
  return value === null || value === undefined ? Number.NaN : Math.round(value * 100);
}

export async function benchPortalLighthouse(
  options: PortalWeightOptions = {},
): Promise<PortalLighthouseRow[]> {
  const { distDir, temporary } = await resolvePortalBuild(options);
  const server = await startTestServer('pglite', { env: { WEB_DIST_DIR: distDir } });
  const profile = await mkdtemp(path.join(tmpdir(), 'webpay-lighthouse-profile-'));
  const port = await freePort();
  const chromiumProcess = spawn(
    CHROMIUM_PATH,
    [
      ...CHROMIUM_ARGS,
      '--headless',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      '--no-first-run',
      '--no-default-browser-check',
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const rows: PortalLighthouseRow[] = [];
  try {
    await waitForDebugger(port, chromiumProcess);
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
    let signedIn = false;
    for (const target of PAGES) {
      if (target.signedIn && !signedIn) {
        const context = browser.contexts()[0];
        if (!context) throw new Error('Chromium has no default context');
        const page = await context.newPage();
        const maria = DEMO_GUARANTORS.maria;
        await page.goto(`${server.baseUrl}/webpay/login/pin`);
        await page.getByLabel('Account number').fill(maria.accountNumber);
        await page.getByLabel('PIN', { exact: true }).fill(maria.pin);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.waitForURL(/\/webpay\/dashboard/, { timeout: 30_000 });
        await page.close();
        signedIn = true;
      }
      const url = `${server.baseUrl}${target.path}`;
      const result = await lighthouse(url, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { lhr } = result;
      if (lhr.runtimeError) {
        throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
      }
      const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      rows.push({
        page: target.page,
        url,
        finalUrl: lhr.finalDisplayedUrl,
        performance: score(lhr.categories.performance?.score),
        accessibility: score(lhr.categories.accessibility?.score),
        bestPractices: score(lhr.categories['best-practices']?.score),
        lcpMs: numeric('largest-contentful-paint'),
        tbtMs: numeric('total-blocking-time'),
        cls: numeric('cumulative-layout-shift'),
        fcpMs: numeric('first-contentful-paint'),
        benchmarkIndex: lhr.environment.benchmarkIndex,
        warnings: lhr.runWarnings.map(String),
      });
    }
    await browser.close();
  } finally {
    await stopChromium(chromiumProcess);
    await server.close();
    await rm(profile, { recursive: true, force: true, maxRetries: 5 });
    if (temporary) await rm(distDir, { recursive: true, force: true });
  }
  return rows;
}

export function printPortalLighthouse(rows: PortalLighthouseRow[]): void {
  console.info('\nLighthouse, mobile (simulated throttling), Debian Chromium headless');
  console.info(
    `  ${'page'.padEnd(10)} ${'perf'.padStart(4)} ${'a11y'.padStart(4)} ${'b-p'.padStart(4)} ${'FCP ms'.padStart(7)} ${'LCP ms'.padStart(7)} ${'TBT ms'.padStart(7)} ${'CLS'.padStart(6)}  final URL`,
  );
  for (const row of rows) {
    console.info(
      `  ${row.page.padEnd(10)} ${String(row.performance).padStart(4)} ${String(row.accessibility).padStart(4)} ${String(row.bestPractices).padStart(4)} ${row.fcpMs.toFixed(0).padStart(7)} ${row.lcpMs.toFixed(0).padStart(7)} ${row.tbtMs.toFixed(0).padStart(7)} ${row.cls.toFixed(3).padStart(6)}  ${new URL(row.finalUrl).pathname}`,
    );
    for (const warning of row.warnings) console.info(`    warning: ${warning}`);
  }
  const indices = rows.map((row) => Math.round(row.benchmarkIndex)).join(', ');
  console.info(`  CPU benchmark index: ${indices} (Lighthouse calls under 1000 a slow machine)`);
}
