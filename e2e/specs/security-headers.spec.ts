import type { Page, Response } from '@playwright/test';
import { SERVICE_BASE_PATH } from '@webpay/contracts/api';
import { appConfigSchema } from '@webpay/contracts/config';
import {
  CSP_REPORTING_GROUP,
  CSP_REPORTS_PATH,
  CSP_REPORT_TYPE,
  REPORTS_JSON_TYPE,
} from '@webpay/server/testkit/csp-reports';
import { SANDBOX_CONVERGE_PATH } from '@webpay/server/testkit/converge-sandbox';
import {
  ONE_YEAR_SECONDS,
  PROCESSOR_COMPATIBLE_REFERRER_POLICIES,
  SCRIPT_WIDENING_DIRECTIVES,
  UNSAFE_SCRIPT_SOURCES,
  hstsMaxAge,
  parsePolicy,
  styleSourceProblems,
} from '@webpay/server/testkit/header-rules';
import { portalPages } from '@webpay/server/testkit/portal-routes';
import { inlineScriptProblems } from '@webpay/web/build-tools/script-inventory-check';
import { chromiumLaunchOptions } from '../support/chromium.ts';
import { test, expect, maria, ANY_DB } from '../support/fixtures.ts';
import { startHttpsFront } from '../support/https-front.ts';
import { fillBillingAddress, openPaymentDialog } from '../support/payment-dialog.ts';

/*
 * The security headers as the browser receives them, on every page of the
 * portal's route tree (OWASP ASVS 4.0 14.4, 5.0 3.4.1–3.4.7; PCI DSS 6.4.3,
 * 11.6.1), and CSP violation reports reaching the service. No database can
 * change a header, so these run against the first server only (ANY_DB).
 */

/*
 * Chromium batches Reporting API reports for a minute; tests may ask for
 * 100 ms. The HTTPS front (support/https-front.ts) signs its own certificate.
 */
test.use({
  launchOptions: {
    ...chromiumLaunchOptions,
    args: [
      ...(chromiumLaunchOptions.args ?? []),
      '--short-reporting-delay',
      '--ignore-certificate-errors',
    ],
  },
});

interface Received {
  url: string;
  status: number;
  headers: Record<string, string>;
}

/** Problems with the portal's policy and headers on one answer, each naming its rule. */
function portalHeaderProblems(answer: Received, processor: string): string[] {
  const problems: string[] = [];
  const fail = (rule: string, what: string) => problems.push(`${answer.url}: ${rule}: ${what}`);
  const policy = parsePolicy(answer.headers['content-security-policy']);
  const scriptSrc = policy.get('script-src') ?? [];
  if (policy.get('object-src')?.join(' ') !== "'none'") fail('ASVS 3.4.3', "object-src 'none'");
  if (policy.get('base-uri')?.join(' ') !== "'none'") fail('ASVS 3.4.3', "base-uri 'none'");
  if (scriptSrc.join(' ') !== `'self' ${processor}`) {
    fail('ASVS 3.4.3, PCI DSS 6.4.3', `script-src is "${scriptSrc.join(' ')}"`);
  }
  for (const source of UNSAFE_SCRIPT_SOURCES.filter((unsafe) => scriptSrc.includes(unsafe))) {
    fail('ASVS 3.4.3, PCI DSS 6.4.3', `script-src allows ${source}`);
  }
  for (const directive of SCRIPT_WIDENING_DIRECTIVES.filter((name) => policy.has(name))) {
    fail('ASVS 3.4.3, PCI DSS 6.4.3', `${directive} widens script-src`);
  }
  for (const problem of styleSourceProblems(policy)) fail('ASVS 3.4.3', problem);
  if (policy.get('frame-ancestors')?.join(' ') !== "'none'") {
    fail('ASVS 3.4.6', "frame-ancestors 'none'");
  }
  if (policy.get('report-uri')?.join(' ') !== CSP_REPORTS_PATH) fail('ASVS 3.4.7', 'report-uri');
  if (policy.get('report-to')?.join(' ') !== CSP_REPORTING_GROUP) fail('ASVS 3.4.7', 'report-to');
  if (answer.headers['reporting-endpoints'] !== `${CSP_REPORTING_GROUP}="${CSP_REPORTS_PATH}"`) {
    fail('ASVS 3.4.7', 'Reporting-Endpoints');
  }
  problems.push(...transportHeaderProblems(answer));
  return problems;
}

/** Problems with the headers every answer carries, whatever its policy. */
function transportHeaderProblems(answer: Received): string[] {
  const problems: string[] = [];
  const hsts = answer.headers['strict-transport-security'];
  if (hstsMaxAge(hsts) < ONE_YEAR_SECONDS || !/includeSubDomains/i.test(hsts ?? '')) {
    problems.push(`${answer.url}: ASVS 3.4.1: HSTS is "${hsts ?? ''}"`);
  }
  if (answer.headers['x-content-type-options'] !== 'nosniff') {
    problems.push(`${answer.url}: ASVS 3.4.4: X-Content-Type-Options nosniff`);
  }
  const referrer = answer.headers['referrer-policy'] ?? '';
  if (!PROCESSOR_COMPATIBLE_REFERRER_POLICIES.includes(referrer)) {
    problems.push(`${answer.url}: ASVS 3.4.5: Referrer-Policy is "${referrer}"`);
  }
  return problems;
}

/**
 * Every answer of our server the page receives, documents, scripts and API
 * calls alike, with all their headers (Response.headers() may leave some out).
 */
function recordAnswers(page: Page, origin: string): () => Promise<Received[]> {
  const received: Promise<Received>[] = [];
  page.on('response', (response: Response) => {
    if (new URL(response.url()).origin !== origin) return;
    received.push(
      response
        .allHeaders()
        .then((headers) => ({ url: response.url(), status: response.status(), headers })),
    );
  });
  return () => Promise.all(received);
}

/** Navigates and returns the document's answer. */
async function visit(page: Page, path: string): Promise<Response> {
  const response = await page.goto(path);
  if (!response) throw new Error(`${path}: no answer`);
  return response;
}

async function signInAsMaria(page: Page, signInWithPin: (who: typeof maria) => Promise<void>) {
  const config = page.waitForResponse((response) =>
    response.url().endsWith(`${SERVICE_BASE_PATH}/config/app`),
  );
  await signInWithPin(maria);
  await expect(page).toHaveURL(/\/webpay\/dashboard$/);
  return appConfigSchema.parse(await (await config).json()).cardProcessor;
}

/**
 * Waits until the page has drawn its route's screen: no change to the
 * document for a quarter of a second (at most 5 s, for endless animations).
 */
function domSettled(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const quiet = 250;
        const observer = new MutationObserver(() => {
          clearTimeout(timer);
          timer = setTimeout(done, quiet);
        });
        const done = () => {
          observer.disconnect();
          clearTimeout(cap);
          resolve();
        };
        let timer = setTimeout(done, quiet);
        const cap = setTimeout(done, 5_000);
        observer.observe(document.documentElement, {
          subtree: true,
          childList: true,
          attributes: true,
          characterData: true,
        });
      }),
  );
}

/** Inline scripts and inline event handlers in the page as rendered. */
function renderedInlineScript(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const script of Array.from(document.scripts)) {
      if (!script.src) found.push(`inline <script>: ${script.outerHTML.slice(0, 80)}`);
    }
    for (const element of Array.from(document.querySelectorAll('*'))) {
      for (const attribute of Array.from(element.attributes)) {
        if (/^on/i.test(attribute.name)) {
          found.push(`${attribute.name}= on <${element.tagName.toLowerCase()}>`);
        }
        if (/^\s*javascript:/i.test(attribute.value)) {
          found.push(`javascript: URL in ${attribute.name} of <${element.tagName.toLowerCase()}>`);
        }
      }
    }
    return found;
  });
}

/**
 * Every CSP violation of every document the page shows, the card window's
 * frame included, as the browser reports it to that document.
 */
async function recordViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('cspViolationSeen', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const seen = (window as { cspViolationSeen?: (text: string) => void }).cspViolationSeen;
      seen?.(
        `${event.effectiveDirective} ${event.blockedURI} at ${event.sourceFile} in ${event.documentURI}`,
      );
    });
  });
  return violations;
}

test.describe('security headers as the browser receives them', ANY_DB, () => {
  test('every page of the route tree, the API calls and the sandbox processor carry the policy and headers (OWASP ASVS 5.0 3.4.1, 3.4.3–3.4.7; PCI DSS 6.4.3)', async ({
    page,
    baseURL,
    signInWithPin,
  }) => {
    const origin = new URL(baseURL ?? '').origin;
    // Routing turns the HTTP cache off: a cached answer's headers lack HSTS, which the cache drops.
    await page.route('**/*', (route) => route.continue());
    const answers = recordAnswers(page, origin);
    const processor = await signInAsMaria(page, signInWithPin);
    const documents: Received[] = [];
    for (const path of portalPages()) {
      const response = await visit(page, path);
      expect(response.status(), path).toBe(200);
      documents.push({
        url: path,
        status: response.status(),
        headers: await response.allHeaders(),
      });
    }
    const script = await page.goto(`${SANDBOX_CONVERGE_PATH}/hosted-payments/PayWithConverge.js`);
    expect(script?.status()).toBe(200);
    expect(new URL(processor.lightboxScriptUrl).origin).toBe(processor.origin);

    const received = await answers();
    const apiCalls = received.filter((answer) => new URL(answer.url).pathname.startsWith('/api/'));
    expect(apiCalls.length).toBeGreaterThan(portalPages().length);
    const problems = [...documents, ...received].flatMap((answer) =>
      portalHeaderProblems(answer, processor.origin),
    );
    expect(problems).toEqual([]);
  });

  test('the sandbox card form has a policy of its own: framed by the portal only, its own script and styles only (OWASP ASVS 5.0 3.4.3, 3.4.6)', async ({
    page,
    baseURL,
  }) => {
    const response = await visit(page, `${SANDBOX_CONVERGE_PATH}/hosted-payments/lightbox`);
    expect(response.status()).toBe(400);
    const answer = { url: response.url(), status: 400, headers: await response.allHeaders() };
    const policy = parsePolicy(answer.headers['content-security-policy']);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('style-src')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'self'", new URL(baseURL ?? '').origin]);
    expect(transportHeaderProblems(answer)).toEqual([]);
    expect(inlineScriptProblems(await response.text())).toEqual([]);
  });

  test('each page load gets a style nonce of its own, which the page can use and its markup does not show (OWASP ASVS 5.0 3.4.3)', async ({
    page,
  }) => {
    const nonces: string[] = [];
    for (const path of ['/webpay/login', '/webpay/login']) {
      const response = await visit(page, path);
      const policy = parsePolicy(await response.headerValue('content-security-policy'));
      const nonce = /^'nonce-(.+)'$/.exec(policy.get('style-src')?.[1] ?? '')?.[1];
      expect(nonce).toBeDefined();
      const meta = page.locator('meta[property="csp-nonce"]');
      expect(await meta.evaluate((element: HTMLMetaElement) => element.nonce)).toBe(nonce);
      expect(await meta.getAttribute('nonce')).toBe('');
      nonces.push(nonce ?? '');
    }
    expect(new Set(nonces).size).toBe(2);
  });

  test('no page runs inline script or inline event handlers, as served or as rendered, and none trips the CSP (OWASP ASVS 5.0 3.4.3; PCI DSS 6.4.3)', async ({
    page,
    signInWithPin,
  }) => {
    const violations = await recordViolations(page);
    await signInAsMaria(page, signInWithPin);
    const problems: string[] = [];
    for (const path of portalPages()) {
      const response = await visit(page, path);
      problems.push(...inlineScriptProblems(await response.text()).map((p) => `${path}: ${p}`));
      await expect(page.locator('#root > *').first()).toBeAttached();
      await domSettled(page);
      problems.push(...(await renderedInlineScript(page)).map((p) => `${path} rendered: ${p}`));
    }
    expect(problems).toEqual([]);
    expect(violations).toEqual([]);
  });

  test('no dialog, popover, menu, toast or the card window trips the CSP, styles included (OWASP ASVS 5.0 3.4.3)', async ({
    page,
    signInWithPin,
  }) => {
    test.setTimeout(120_000);
    const violations = await recordViolations(page);
    await signInAsMaria(page, signInWithPin);
    await openDashboardPopovers(page);
    await openPaymentAndCardWindow(page);
    await openStatementAndToast(page);
    await openReceipt(page);
    // The phone layout folds the links into a popover of their own.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await domSettled(page);
    expect(violations).toEqual([]);
  });
});

const SERVICE = `**${SERVICE_BASE_PATH}`;

/** The dashboard's popovers and the theme menu, each opened and closed. */
async function openDashboardPopovers(page: Page) {
  await page.getByRole('button', { name: / pending for 107-40010001$/ }).click();
  const pending = page.getByRole('dialog', { name: 'Pending Payments for 107-40010001' });
  await expect(pending).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(pending).toBeHidden();
  await page.getByRole('button', { name: 'About custom payments' }).click();
  const about = page.getByRole('dialog', { name: 'About custom payments' });
  await expect(about).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(about).toBeHidden();
  await page.getByRole('button', { name: /^Theme: / }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
}

/** The payment dialog, with the card window opened over it and cancelled: nothing is paid. */
async function openPaymentAndCardWindow(page: Page) {
  const dialog = await openPaymentDialog(page);
  await fillBillingAddress(dialog);
  await dialog.getByRole('radio', { name: 'Do not email a receipt' }).check();
  // The dialog's scroll lock is a <style> element of its own: applied, not refused.
  await expect(page.locator('body')).toHaveCSS('overflow', 'hidden');
  await dialog.getByRole('button', { name: 'Pay $1.00' }).click();
  const cardWindow = page.frameLocator('iframe[title="Card payment"]');
  await expect(cardWindow.getByLabel('Card number')).toBeVisible();
  await cardWindow.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator('iframe[title="Card payment"]')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
}

/** A statement's dialog, then a failed download's toast. */
async function openStatementAndToast(page: Page) {
  await page.route(`${SERVICE}/statements/*/pdf`, (route) =>
    route.fulfill({ status: 500, contentType: 'text/plain', body: 'broken' }),
  );
  await page.goto('/webpay/statements');
  await page
    .getByRole('button', { name: /^View statement of / })
    .first()
    .click();
  const statement = page.getByRole('dialog', { name: /^Statement of / });
  await expect(statement).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(statement).toBeHidden();
  await page
    .getByRole('button', { name: /^Download PDF of the statement of / })
    .first()
    .click();
  await expect(page.getByText(/^We could not download your statement/)).toBeVisible();
  await domSettled(page);
}

/** A receipt from the payment history. */
async function openReceipt(page: Page) {
  await page.goto('/webpay/payments?from=2026-07-01&to=2026-07-31');
  await page.getByRole('button', { name: 'View receipt R-8101' }).click();
  const receipt = page.getByRole('dialog', { name: 'Payment Receipt' });
  await expect(receipt).toBeVisible();
  await domSettled(page);
  await page.keyboard.press('Escape');
  await expect(receipt).toBeHidden();
}

/** The count of script-src-elem violations in /metrics. */
async function scriptViolationsCounted(page: Page): Promise<number> {
  const text = await (await page.request.get('/metrics')).text();
  const line = text
    .split('\n')
    .find((candidate) =>
      candidate.startsWith(
        'webpay_csp_violations_total{directive="script-src-elem",disposition="enforce"} ',
      ),
    );
  return line ? Number(line.split(' ')[1]) : 0;
}

/** Injects an inline script as a skimmer would; resolves with what the browser said about it. */
async function injectInlineScript(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ ran: boolean; directive: string; blocked: string }>((resolve) => {
        document.addEventListener(
          'securitypolicyviolation',
          (event) =>
            resolve({
              ran: (window as { skimmed?: boolean }).skimmed === true,
              directive: event.effectiveDirective,
              blocked: event.blockedURI,
            }),
          { once: true },
        );
        const script = document.createElement('script');
        script.textContent = 'window.skimmed = true;';
        document.head.append(script);
      }),
  );
}

test.describe('CSP violation reports', ANY_DB, () => {
  test('an injected inline script is refused and reported to the service by report-to, as Chromium does over HTTPS (OWASP ASVS 5.0 3.4.7; PCI DSS 11.6.1)', async ({
    page,
    baseURL,
  }) => {
    const front = await startHttpsFront(baseURL ?? '');
    try {
      const before = await scriptViolationsCounted(page);
      await page.goto(`${front.origin}/webpay/login`);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      expect(await injectInlineScript(page)).toEqual({
        ran: false,
        directive: 'script-src-elem',
        blocked: 'inline',
      });
      await expect
        .poll(() => scriptViolationsCounted(page), { timeout: 15_000 })
        .toBeGreaterThanOrEqual(before + 1);
      expect(front.requests).toContainEqual({
        method: 'POST',
        path: CSP_REPORTS_PATH,
        contentType: REPORTS_JSON_TYPE,
      });
    } finally {
      await front.close();
    }
  });

  test('a browser without the Reporting API reports by report-uri (OWASP ASVS 5.0 3.4.7; PCI DSS 11.6.1)', async ({
    page,
  }) => {
    // Firefox and Safari ignore report-to; so does this browser once the directive is gone.
    await page.route('**/webpay/login', async (route) => {
      const response = await route.fetch();
      const headers = response.headers();
      headers['content-security-policy'] = (headers['content-security-policy'] ?? '').replace(
        /;\s*report-to [^;]*/,
        '',
      );
      delete headers['reporting-endpoints'];
      await route.fulfill({ response, headers });
    });
    const reportPosted = page.waitForRequest(
      (request) =>
        new URL(request.url()).pathname === CSP_REPORTS_PATH &&
        (request.postData() ?? '').includes('"blocked-uri":"inline"'),
    );
    const before = await scriptViolationsCounted(page);
    await page.goto('/webpay/login');
    expect((await injectInlineScript(page)).ran).toBe(false);
    const report = await reportPosted;
    expect(report.headers()['content-type']).toBe(CSP_REPORT_TYPE);
    expect(report.postDataJSON()).toMatchObject({
      'csp-report': { 'effective-directive': 'script-src-elem', 'blocked-uri': 'inline' },
    });
    expect((await report.response())?.status()).toBe(204);
    await expect
      .poll(() => scriptViolationsCounted(page), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(before + 1);
  });
});
