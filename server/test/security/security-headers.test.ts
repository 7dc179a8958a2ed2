import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, SERVICE_BASE_PATH } from '@webpay/contracts/api';
import { inlineScriptProblems } from '@webpay/web/build-tools/script-inventory-check';
import { SANDBOX_CONVERGE_PATH, loadEnv } from '../../src/env.ts';
import {
  CSP_REPORTING_GROUP,
  CSP_REPORTS_PATH,
} from '../../src/modules/csp-reports/csp-reports.ts';
import { testDatabaseKinds } from '../support/database.ts';
import {
  ONE_YEAR_SECONDS,
  PROCESSOR_COMPATIBLE_REFERRER_POLICIES,
  SCRIPT_WIDENING_DIRECTIVES,
  UNSAFE_SCRIPT_SOURCES,
  hstsMaxAge,
  parsePolicy,
  styleSourceProblems,
} from '../support/header-rules.ts';
import { generatedRoutePaths, portalPages, portalRoutes } from '../support/portal-routes.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { contentSecurityPolicy } from '../../src/plugins/security-headers.ts';

/*
 * The security headers of every answer the server gives (OWASP ASVS 4.0 14.4,
 * 5.0 3.4.1–3.4.7; PCI DSS 6.4.3 and 11.6.1): each page of the portal, taken
 * from its route tree so that a new route is checked without being listed
 * here, the API, and the sandbox processor's script and card form.
 */

const INDEX_HTML = `<!doctype html>
<html lang="en"><head>
<meta name="webpay-api-key" content="placeholder">
<script type="module" crossorigin src="/webpay/assets/index-abc123.js"></script>
</head><body><div id="root"></div></body></html>`;

/**
 * Swagger UI styles some of its elements inline, so the API documentation
 * keeps 'unsafe-inline' for styles; no other page does (decision 0005).
 */
const API_DOCS = 'GET /api/docs/';

type Kind =
  /** Answers under the portal's policy: pages, API, probes, assets. */
  | 'portal'
  /** The processor's card form, framed by the portal: a policy of its own. */
  | 'card form';

interface Target {
  label: string;
  kind: Kind;
  /** Asked of the server without a portal build. */
  unbuilt?: boolean;
  request: () => Promise<Response>;
}

interface Answer {
  label: string;
  kind: Kind;
  /** The processor origin of the server that answered. */
  processor: string;
  status: number;
  headers: Headers;
  body: string;
}

describe('the portal CSP for a configured processor (PCI DSS 6.4.3)', () => {
  it('allows scripts, frames and calls from our origin and the processor origin only', () => {
    const env = loadEnv({
      NODE_ENV: 'test',
      CONVERGE_HOSTED_URL: 'https://api.convergepay.com/hosted-payments',
    });
    const policy = contentSecurityPolicy(env);
    expect(policy.scriptSrc).toEqual(["'self'", 'https://api.convergepay.com']);
    expect(policy.frameSrc).toEqual(['https://api.convergepay.com']);
    expect(policy.connectSrc).toEqual(["'self'", 'https://api.convergepay.com']);
    expect(policy.styleSrc).toEqual(["'self'"]);
  });
});

describe('the pages to check come from the route tree', () => {
  it('finds every route the router serves, so a new route is checked without listing it', () => {
    const routes = portalRoutes();
    expect(routes).toEqual(generatedRoutePaths());
    expect(routes).toEqual(expect.arrayContaining(['/dashboard', '/login/pin', '/verify/code']));
    const pages = portalPages();
    for (const route of routes) {
      expect(pages).toContain(route === '/' ? '/webpay/' : `/webpay${route}`);
    }
    expect(pages).toContain('/webpay/no-such-page');
  });
});

describe.each(testDatabaseKinds)('security headers of every answer (%s)', (kind) => {
  let distDir: string;
  let server: TestServer;
  /** The same service without a portal build: its pages answer 503 with a page of their own. */
  let unbuilt: TestServer;
  let portalOrigin: string;
  const answers: Answer[] = [];

  function targets(): Target[] {
    const get =
      (base: () => string, path: string, init: RequestInit = {}) =>
      () =>
        fetch(`${base()}${path}`, { redirect: 'manual', ...init });
    const built = () => server.baseUrl;
    const notBuilt = () => unbuilt.baseUrl;
    const hosted = `${SANDBOX_CONVERGE_PATH}/hosted-payments`;
    const portal: Target[] = portalPages().flatMap((page) => [
      { label: `GET ${page}`, kind: 'portal', request: get(built, page) },
      {
        label: `GET ${page} (no build)`,
        kind: 'portal',
        unbuilt: true,
        request: get(notBuilt, page),
      },
    ]);
    const report = JSON.stringify({
      'csp-report': { 'document-uri': 'http://127.0.0.1/webpay/login', 'blocked-uri': 'inline' },
    });
    return [
      ...portal,
      { label: 'GET /', kind: 'portal', request: get(built, '/') },
      { label: 'GET /no-such-page', kind: 'portal', request: get(built, '/no-such-page') },
      {
        label: 'GET portal script',
        kind: 'portal',
        request: get(built, '/webpay/assets/index-abc123.js'),
      },
      {
        label: 'GET missing portal script',
        kind: 'portal',
        request: get(built, '/webpay/assets/gone-123.js'),
      },
      { label: 'GET /webpay/logo.svg', kind: 'portal', request: get(built, '/webpay/logo.svg') },
      {
        label: 'GET config (API)',
        kind: 'portal',
        request: () => server.api(API_PATHS.configApp),
      },
      {
        label: 'GET encounters without a session (API)',
        kind: 'portal',
        request: () => server.api(API_PATHS.encounters),
      },
      {
        label: 'GET config without the API key (API)',
        kind: 'portal',
        request: get(built, `${SERVICE_BASE_PATH}${API_PATHS.configApp}`),
      },
      {
        label: 'POST sign-in with a bad body (API)',
        kind: 'portal',
        request: () => server.api(API_PATHS.login, { body: { accountNumber: 'x' } }),
      },
      {
        label: 'GET unknown call (API)',
        kind: 'portal',
        request: () => server.api('/no-such-call'),
      },
      { label: 'GET /api/openapi.json', kind: 'portal', request: get(built, '/api/openapi.json') },
      { label: API_DOCS, kind: 'portal', request: get(built, '/api/docs/') },
      { label: 'GET /healthz', kind: 'portal', request: get(built, '/healthz') },
      { label: 'GET /readyz', kind: 'portal', request: get(built, '/readyz') },
      { label: 'GET /metrics', kind: 'portal', request: get(built, '/metrics') },
      {
        label: `POST ${CSP_REPORTS_PATH}`,
        kind: 'portal',
        request: get(built, CSP_REPORTS_PATH, {
          method: 'POST',
          headers: { 'content-type': 'application/csp-report' },
          body: report,
        }),
      },
      {
        label: 'GET PayWithConverge.js (sandbox)',
        kind: 'portal',
        request: get(built, `${hosted}/PayWithConverge.js`),
      },
      {
        label: 'GET lightbox.js (sandbox)',
        kind: 'portal',
        request: get(built, `${hosted}/lightbox/lightbox.js`),
      },
      {
        label: 'GET card form without a token (sandbox)',
        kind: 'card form',
        request: get(built, `${hosted}/lightbox`),
      },
      {
        label: 'GET card form with an unknown token (sandbox)',
        kind: 'card form',
        request: () =>
          fetch(
            `${server.baseUrl}${hosted}/lightbox?${new URLSearchParams({
              token: 'no-such-token',
              origin: portalOrigin,
            })}`,
          ),
      },
    ];
  }

  beforeAll(async () => {
    distDir = await mkdtemp(join(tmpdir(), 'webpay-dist-'));
    await mkdir(join(distDir, 'assets'));
    await writeFile(join(distDir, 'index.html'), INDEX_HTML);
    await writeFile(join(distDir, 'assets', 'index-abc123.js'), 'console.log("portal");');
    await writeFile(join(distDir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    server = await startTestServer(kind, { env: { WEB_DIST_DIR: distDir } });
    unbuilt = await startTestServer(kind, { database: server.database });
    portalOrigin = new URL(server.env.PUBLIC_URL).origin;
    for (const target of targets()) {
      const response = await target.request();
      answers.push({
        label: target.label,
        kind: target.kind,
        processor: new URL((target.unbuilt ? unbuilt : server).env.CONVERGE_HOSTED_URL).origin,
        status: response.status,
        headers: response.headers,
        body: await response.text(),
      });
    }
  });

  afterAll(async () => {
    await unbuilt?.close();
    await server?.close();
    await rm(distDir, { recursive: true, force: true });
  });

  const portalAnswers = () => answers.filter((answer) => answer.kind === 'portal');
  const cardForms = () => answers.filter((answer) => answer.kind === 'card form');

  it('answers every page the route tree has, from the build or with the not-built page', () => {
    for (const page of portalPages()) {
      expect(answers.find((answer) => answer.label === `GET ${page}`)?.status, page).toBe(200);
      expect(answers.find((answer) => answer.label === `GET ${page} (no build)`)?.status).toBe(503);
    }
    expect(answers.length).toBeGreaterThan(40);
  });

  it("OWASP ASVS 5.0 3.4.3 / 4.0 14.4.3, PCI DSS 6.4.3: CSP with object-src 'none', base-uri 'none' and scripts from our origin and the processor's only", () => {
    for (const answer of portalAnswers()) {
      const policy = parsePolicy(answer.headers.get('content-security-policy'));
      expect(policy.get('default-src'), answer.label).toEqual(["'self'"]);
      expect(policy.get('object-src'), answer.label).toEqual(["'none'"]);
      expect(policy.get('base-uri'), answer.label).toEqual(["'none'"]);
      expect(policy.get('script-src'), answer.label).toEqual(["'self'", answer.processor]);
      for (const directive of SCRIPT_WIDENING_DIRECTIVES) {
        expect(policy.has(directive), `${answer.label}: ${directive}`).toBe(false);
      }
      for (const source of UNSAFE_SCRIPT_SOURCES) {
        expect(policy.get('script-src'), `${answer.label}: ${source}`).not.toContain(source);
      }
      expect(policy.get('frame-src'), answer.label).toEqual([answer.processor]);
      expect(policy.get('form-action'), answer.label).toEqual(["'self'"]);
      if (answer.label === API_DOCS) {
        expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      } else {
        expect(styleSourceProblems(policy), answer.label).toEqual([]);
      }
    }
  });

  it("OWASP ASVS 5.0 3.4.3: no inline styles but a portal page's own, each with a fresh nonce that only its page carries", () => {
    const pages = portalAnswers().filter((answer) => answer.body.includes('<div id="root">'));
    expect(pages.length).toBe(portalPages().length);
    const nonces = pages.map((page) => {
      const inHeader = /'nonce-([^']+)'/.exec(page.headers.get('content-security-policy') ?? '');
      const inPage = /<meta property="csp-nonce" nonce="([^"]+)">/.exec(page.body);
      expect(inHeader?.[1], page.label).toBeDefined();
      expect(inPage?.[1], page.label).toBe(inHeader?.[1]);
      return inHeader?.[1];
    });
    expect(new Set(nonces).size).toBe(pages.length);
    const others = portalAnswers().filter(
      (answer) => !pages.includes(answer) && answer.label !== API_DOCS,
    );
    for (const answer of others) {
      const policy = parsePolicy(answer.headers.get('content-security-policy'));
      expect(policy.get('style-src'), answer.label).toEqual(["'self'"]);
    }
  });

  it("OWASP ASVS 5.0 3.4.6 / 4.0 14.4.7: frame-ancestors 'none' (and X-Frame-Options for older browsers)", () => {
    for (const answer of portalAnswers()) {
      const policy = parsePolicy(answer.headers.get('content-security-policy'));
      expect(policy.get('frame-ancestors'), answer.label).toEqual(["'none'"]);
      expect(answer.headers.get('x-frame-options'), answer.label).toBe('DENY');
    }
  });

  it('OWASP ASVS 5.0 3.4.7, PCI DSS 11.6.1: violations are reported to the service (report-uri, report-to and Reporting-Endpoints)', () => {
    for (const answer of portalAnswers()) {
      const policy = parsePolicy(answer.headers.get('content-security-policy'));
      expect(policy.get('report-uri'), answer.label).toEqual([CSP_REPORTS_PATH]);
      expect(policy.get('report-to'), answer.label).toEqual([CSP_REPORTING_GROUP]);
      expect(answer.headers.get('reporting-endpoints'), answer.label).toBe(
        `${CSP_REPORTING_GROUP}="${CSP_REPORTS_PATH}"`,
      );
    }
  });

  it('OWASP ASVS 5.0 3.4.1 / 4.0 14.4.5: HSTS of at least a year, subdomains included, on every answer', () => {
    for (const answer of answers) {
      const hsts = answer.headers.get('strict-transport-security') ?? '';
      expect(hstsMaxAge(hsts), answer.label).toBeGreaterThanOrEqual(ONE_YEAR_SECONDS);
      expect(hsts, answer.label).toMatch(/;\s*includeSubDomains/i);
    }
  });

  it('OWASP ASVS 5.0 3.4.4 / 4.0 14.4.4: X-Content-Type-Options nosniff on every answer', () => {
    for (const answer of answers) {
      expect(answer.headers.get('x-content-type-options'), answer.label).toBe('nosniff');
    }
  });

  it("OWASP ASVS 5.0 3.4.5 / 4.0 14.4.6: a Referrer-Policy that gives the processor's allow-list our origin and no path", () => {
    for (const answer of answers) {
      expect(PROCESSOR_COMPATIBLE_REFERRER_POLICIES, answer.label).toContain(
        answer.headers.get('referrer-policy'),
      );
    }
  });

  it("OWASP ASVS 5.0 3.4.3, 3.4.6: the sandbox card form's own policy lets only the portal frame it and runs only its own script and styles", () => {
    expect(cardForms().map((answer) => answer.status)).toEqual([400, 200]);
    for (const answer of cardForms()) {
      const policy = parsePolicy(answer.headers.get('content-security-policy'));
      expect(policy.get('object-src'), answer.label).toEqual(["'none'"]);
      expect(policy.get('base-uri'), answer.label).toEqual(["'none'"]);
      expect(policy.get('script-src'), answer.label).toEqual(["'self'"]);
      expect(policy.get('style-src'), answer.label).toEqual(["'self'"]);
      expect(policy.get('frame-ancestors'), answer.label).toEqual(["'self'", portalOrigin]);
    }
  });

  it('OWASP ASVS 5.0 3.4.3, PCI DSS 6.4.3: no served page runs inline script or inline event handlers', () => {
    const pages = answers.filter((answer) => answer.headers.get('content-type')?.includes('html'));
    // The portal's pages (built and not built), the API docs and the card forms.
    expect(pages.length).toBeGreaterThanOrEqual(portalPages().length * 2 + 3);
    for (const page of pages) {
      expect(inlineScriptProblems(page.body), page.label).toEqual([]);
    }
  });
});
