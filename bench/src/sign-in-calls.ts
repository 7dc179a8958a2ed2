import { chromium } from 'playwright-core';
import { API_PATHS, SERVICE_BASE_PATH } from '@webpay/contracts/api';
import { DEMO_GUARANTORS } from '@webpay/server/testkit/demo';
import { startTestServer } from '@webpay/server/testkit/test-server';
import { chromiumLaunchOptions } from '../../e2e/support/chromium.ts';
import { resolvePortalBuild, type PortalWeightOptions } from './portal-weight.ts';

/*
 * What signing in costs the billing service: Maria signs in with her account
 * number and PIN, and every call the portal makes from the moment the sign-in
 * answer (the token) arrives until the dashboard's facility tabs show and the
 * network has been quiet for a second is counted. The login page's own calls before the sign-in (the app
 * config) are not.
 */

/** How long no request may be under way before the dashboard counts as settled. */
const QUIET_MS = 1000;

/** The most calls the dashboard may need once the token is there. */
export const SIGN_IN_CALLS_TARGET = 3;

export interface SignInCallsResult {
  /** False when the dashboard's tabs never showed (e.g. its data failed to load): the calls are still listed. */
  dashboardShown: boolean;
  /** The calls after the token, in the order they were sent, e.g. `GET /encounters`. */
  calls: string[];
  count: number;
  /** From the sign-in button press until the dashboard's facility tabs show. */
  signInToDashboardMs: number;
  targetMet: boolean;
}

export async function benchSignInCalls(
  options: PortalWeightOptions = {},
): Promise<SignInCallsResult> {
  const { distDir } = await resolvePortalBuild(options);
  const server = await startTestServer('pglite', { env: { WEB_DIST_DIR: distDir } });
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage();
    await page.goto(`${server.baseUrl}/webpay/login/pin`, { waitUntil: 'networkidle' });
    const loginUrl = `${SERVICE_BASE_PATH}${API_PATHS.login}`;
    let tokenArrived = false;
    const calls: string[] = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (response.request().method() === 'POST' && pathname === loginUrl) tokenArrived = true;
    });
    let inFlight = 0;
    let lastActivity = performance.now();
    const settled = () => {
      inFlight -= 1;
      lastActivity = performance.now();
    };
    page.on('requestfinished', settled);
    page.on('requestfailed', settled);
    page.on('request', (request) => {
      inFlight += 1;
      lastActivity = performance.now();
      const { pathname, search } = new URL(request.url());
      if (!tokenArrived || !pathname.startsWith(`${SERVICE_BASE_PATH}/`)) return;
      calls.push(`${request.method()} ${pathname.slice(SERVICE_BASE_PATH.length)}${search}`);
    });
    const maria = DEMO_GUARANTORS.maria;
    await page.getByLabel('Account number').fill(maria.accountNumber);
    await page.getByLabel('PIN', { exact: true }).fill(maria.pin);
    const started = performance.now();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/webpay\/dashboard/, { timeout: 30_000 });
    // The facility tabs show once the account's encounters are on screen.
    const dashboardShown = await page
      .getByRole('tablist', { name: 'Facilities' })
      .waitFor({ state: 'visible', timeout: 30_000 })
      .then(() => true)
      .catch(() => false);
    const signInToDashboardMs = performance.now() - started;
    // The page's load state does not follow client-side navigation, so quiet is watched here.
    while (inFlight > 0 || performance.now() - lastActivity < QUIET_MS) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return {
      dashboardShown,
      calls,
      count: calls.length,
      signInToDashboardMs,
      targetMet: dashboardShown && calls.length <= SIGN_IN_CALLS_TARGET,
    };
  } finally {
    await browser.close();
    await server.close();
  }
}

export function printSignInCalls(result: SignInCallsResult): void {
  console.info('\nPIN sign-in to the dashboard (Maria), Chromium');
  if (!result.dashboardShown) console.info('  the dashboard did not show within 30 s');
  console.info(`  API calls after the token: ${result.count} (${result.calls.join(', ')})`);
  console.info(
    `  sign-in press to the dashboard's tabs: ${result.signInToDashboardMs.toFixed(0)} ms`,
  );
  console.info(
    `  target: at most ${SIGN_IN_CALLS_TARGET} calls after the token — ${result.count}: ${result.targetMet ? 'PASS' : 'FAIL'}`,
  );
}
