import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@webpay/contracts/errors';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import {
  CSP_REPORTS_PATH,
  CSP_REPORTS_PER_MINUTE,
  CSP_REPORT_BODY_LIMIT_BYTES,
  MalformedCspReport,
  directiveLabel,
  parseCspReports,
  safeUrl,
} from './csp-reports.ts';

/*
 * OWASP ASVS 5.0 3.4.7 (CSP violations reported to a location the service
 * controls) and PCI DSS 11.6.1 (an unauthorised script on the payment page
 * is detected): both report formats browsers send arrive, are logged
 * without PHI and counted in /metrics; anything else is refused with a 4xx.
 */

/** What a guarantor's page address may carry in its query: never to be logged. */
const PHI_QUERY = '?guarantorId=100200300&email=maria.garcia%40example.com#statement-2026';

const LEGACY_REPORT = {
  'csp-report': {
    'document-uri': `https://pay.example.org/webpay/verify/code${PHI_QUERY}`,
    referrer: 'https://pay.example.org/webpay/login?next=/webpay/payments',
    'violated-directive': 'script-src-elem',
    'effective-directive': 'script-src-elem',
    'original-policy': "default-src 'self'; script-src 'self'; report-uri /api/csp-reports",
    disposition: 'enforce',
    'blocked-uri': 'inline',
    'line-number': 12,
    'column-number': 7,
    'source-file': `https://pay.example.org/webpay/verify/code${PHI_QUERY}`,
    'status-code': 200,
    'script-sample': 'window.steal("100200300")',
  },
};

function reportingApiReport(blockedURL: string, effectiveDirective = 'script-src-elem') {
  return {
    type: 'csp-violation',
    age: 10,
    url: `https://pay.example.org/webpay/dashboard${PHI_QUERY}`,
    user_agent: 'Mozilla/5.0',
    body: {
      documentURL: `https://pay.example.org/webpay/dashboard${PHI_QUERY}`,
      blockedURL,
      effectiveDirective,
      originalPolicy: "script-src 'self'",
      disposition: 'enforce',
      statusCode: 200,
      lineNumber: 3,
      columnNumber: 14,
      sample: 'steal()',
    },
  };
}

describe('reading CSP reports', () => {
  it('keeps only origin and path of URLs, and keywords as they are', () => {
    expect(safeUrl(`https://user:secret@pay.example.org/webpay/verify${PHI_QUERY}`)).toBe(
      'https://pay.example.org/webpay/verify',
    );
    expect(safeUrl('inline')).toBe('inline');
    expect(safeUrl('eval')).toBe('eval');
    expect(safeUrl('data:text/javascript,steal()')).toBe('data');
    expect(safeUrl('not a url at all')).toBe('[not a URL]');
    expect(safeUrl(`https://evil.example/${'a'.repeat(500)}`)).toHaveLength(
      'https://evil.example'.length + 121,
    );
    expect(safeUrl(undefined)).toBeUndefined();
  });

  it('names a known directive, and anything else "other"', () => {
    expect(directiveLabel('script-src-elem')).toBe('script-src-elem');
    expect(directiveLabel("script-src 'self'")).toBe('script-src');
    expect(directiveLabel('made-up-directive-100200300')).toBe('other');
  });

  it('reads the report-uri format (application/csp-report)', () => {
    expect(parseCspReports('csp-report', LEGACY_REPORT)).toEqual([
      {
        format: 'csp-report',
        directive: 'script-src-elem',
        disposition: 'enforce',
        documentUrl: 'https://pay.example.org/webpay/verify/code',
        blocked: 'inline',
        sourceFile: 'https://pay.example.org/webpay/verify/code',
        line: 12,
        column: 7,
        statusCode: 200,
      },
    ]);
  });

  it('reads the Reporting API format (application/reports+json), leaving out other report types', () => {
    const violations = parseCspReports('reports+json', [
      reportingApiReport('https://evil.example/skim.js?card=4124939999999990'),
      { type: 'deprecation', url: 'https://pay.example.org/webpay/', body: { id: 'x' } },
    ]);
    expect(violations).toEqual([
      expect.objectContaining({
        format: 'reports+json',
        directive: 'script-src-elem',
        documentUrl: 'https://pay.example.org/webpay/dashboard',
        blocked: 'https://evil.example/skim.js',
      }),
    ]);
  });

  it('refuses bodies of neither format', () => {
    for (const [format, body] of [
      ['csp-report', { something: 'else' }],
      ['csp-report', [LEGACY_REPORT]],
      ['csp-report', { 'csp-report': { 'line-number': 'twelve' } }],
      ['reports+json', []],
      ['reports+json', LEGACY_REPORT],
      ['reports+json', [{ type: 'csp-violation', body: { lineNumber: -1 } }]],
    ] as const) {
      expect(() => parseCspReports(format, body), JSON.stringify(body)).toThrow(MalformedCspReport);
    }
  });
});

/** The value of a sample in the Prometheus text, 0 when there is none yet. */
function sample(text: string, name: string, labels: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name}{${labels}} `));
  return line ? Number(line.split(' ')[1]) : 0;
}

describe.each(testDatabaseKinds)('POST /api/csp-reports (%s)', (kind) => {
  let server: TestServer;
  const logs: Record<string, unknown>[] = [];
  const logText: string[] = [];
  let sent = 0;

  const post = (contentType: string, body: string, headers: Record<string, string> = {}) => {
    sent += 1;
    return fetch(`${server.baseUrl}${CSP_REPORTS_PATH}`, {
      method: 'POST',
      headers: { 'content-type': contentType, ...headers },
      body,
    });
  };
  const violationsCounted = async (directive: string) =>
    sample(
      await (await fetch(`${server.baseUrl}/metrics`)).text(),
      'webpay_csp_violations_total',
      `directive="${directive}",disposition="enforce"`,
    );
  const warnings = () => logs.filter((line) => line.msg === 'Content Security Policy violation');

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
          logText.push(line);
          logs.push(JSON.parse(line) as Record<string, unknown>);
        }
        done();
      },
    });
    server = await startTestServer(kind, { logStream: stream });
  });

  afterAll(async () => {
    await server?.close();
  });

  it('takes a report-uri report without the API key, logs it as a warning without PHI and counts it', async () => {
    const before = await violationsCounted('script-src-elem');
    const response = await post('application/csp-report', JSON.stringify(LEGACY_REPORT));
    expect(response.status).toBe(204);
    expect(await violationsCounted('script-src-elem')).toBe(before + 1);

    const [warning] = warnings();
    expect(warning).toMatchObject({
      level: 40,
      cspViolation: {
        format: 'csp-report',
        directive: 'script-src-elem',
        documentUrl: 'https://pay.example.org/webpay/verify/code',
        blocked: 'inline',
      },
    });
    expect(typeof warning?.requestId).toBe('string');
  });

  it('takes a batch of Reporting API reports (report-to), counting each violation', async () => {
    const before = await violationsCounted('script-src-elem');
    const beforeFrames = await violationsCounted('frame-src');
    const response = await post(
      'application/reports+json',
      JSON.stringify([
        reportingApiReport('https://evil.example/skim.js?card=4124939999999990'),
        reportingApiReport('inline'),
        reportingApiReport('https://evil.example/frame', 'frame-src'),
        { type: 'deprecation', url: 'https://pay.example.org/webpay/', body: {} },
      ]),
    );
    expect(response.status).toBe(204);
    expect(await violationsCounted('script-src-elem')).toBe(before + 2);
    expect(await violationsCounted('frame-src')).toBe(beforeFrames + 1);
    expect(warnings().map((line) => (line.cspViolation as { blocked: string }).blocked)).toEqual(
      expect.arrayContaining(['https://evil.example/skim.js', 'https://evil.example/frame']),
    );
  });

  it('refuses malformed, oversized and foreign bodies with a 4xx error object, and keeps serving', async () => {
    const refusals: [string, Response, number][] = [
      ['not JSON', await post('application/csp-report', '{"csp-report": '), 400],
      ['empty', await post('application/reports+json', ''), 400],
      ['neither format', await post('application/csp-report', '{"hello": "world"}'), 400],
      ['not a list', await post('application/reports+json', JSON.stringify(LEGACY_REPORT)), 400],
      [
        'prototype poisoning',
        await post('application/csp-report', '{"csp-report": {}, "__proto__": {"x": 1}}'),
        400,
      ],
      [
        'oversized',
        await post(
          'application/csp-report',
          JSON.stringify({
            'csp-report': { 'script-sample': 'x'.repeat(CSP_REPORT_BODY_LIMIT_BYTES) },
          }),
        ),
        413,
      ],
      ['form', await post('application/x-www-form-urlencoded', 'csp-report=1'), 415],
      ['text', await post('text/plain', JSON.stringify(LEGACY_REPORT)), 415],
    ];
    for (const [what, response, status] of refusals) {
      expect(response.status, what).toBe(status);
      expect(await response.json(), what).toMatchObject({ status, code: expect.any(String) });
    }
    const get = await fetch(`${server.baseUrl}${CSP_REPORTS_PATH}`);
    expect(get.status).toBe(404);
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
  });

  it('never logs the query, fragment, referrer, sample or policy of a report', () => {
    expect(warnings().length).toBeGreaterThanOrEqual(4);
    const text = logText.join('\n');
    for (const secret of [
      '100200300',
      'maria.garcia',
      'statement-2026',
      '4124939999999990',
      'steal(',
      'next=',
      "default-src 'self'",
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('limits each client to CSP_REPORTS_PER_MINUTE reports a minute (429), without logging the rest', async () => {
    const warned = warnings().length;
    const body = JSON.stringify(LEGACY_REPORT);
    let status = 0;
    let accepted = 0;
    while (sent < CSP_REPORTS_PER_MINUTE) {
      const response = await post('application/csp-report', body);
      status = response.status;
      if (status === 204) accepted += 1;
    }
    expect(status).toBe(204);
    const refused = await post('application/csp-report', body);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await refused.json()).toMatchObject({ code: ERROR_CODES.tooManyRequests });
    expect(warnings().length).toBe(warned + accepted);
  });
});
