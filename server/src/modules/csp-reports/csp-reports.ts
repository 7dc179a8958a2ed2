import { z } from 'zod';

/** Where browsers send the portal's CSP violation reports (the policy's report-uri and report-to). */
export const CSP_REPORTS_PATH = '/api/csp-reports';

/** The Reporting-Endpoints name the policy's report-to directive refers to. */
export const CSP_REPORTING_GROUP = 'csp-endpoint';

/** report-uri's format (CSP Level 2), still the only one Firefox and Safari send. */
export const CSP_REPORT_TYPE = 'application/csp-report';
/** The Reporting API's format (report-to), sent by Chromium-based browsers. */
export const REPORTS_JSON_TYPE = 'application/reports+json';

/** A batch of reports is a few kilobytes; anything much larger is not a browser's report. */
export const CSP_REPORT_BODY_LIMIT_BYTES = 16 * 1024;

/** Reports each client may send per minute; beyond it they are refused (429) and not logged. */
export const CSP_REPORTS_PER_MINUTE = 100;

/** The Reporting API sends at most this many reports in one request in practice. */
const MAX_REPORTS_PER_BATCH = 100;

const MAX_PATH_LENGTH = 120;
const MAX_KEYWORD_LENGTH = 40;

/** Directives the metric names as they are; anything else is counted as "other". */
const KNOWN_DIRECTIVES = new Set([
  'base-uri',
  'child-src',
  'connect-src',
  'default-src',
  'font-src',
  'form-action',
  'frame-ancestors',
  'frame-src',
  'img-src',
  'manifest-src',
  'media-src',
  'object-src',
  'require-trusted-types-for',
  'script-src',
  'script-src-attr',
  'script-src-elem',
  'style-src',
  'style-src-attr',
  'style-src-elem',
  'trusted-types',
  'worker-src',
]);

export type CspReportFormat = 'csp-report' | 'reports+json';
export type CspDisposition = 'enforce' | 'report';

/** One violation, reduced to what is safe to log: no query strings, fragments or free text. */
export interface CspViolation {
  format: CspReportFormat;
  /** The directive that was violated (effective-directive), or "other". */
  directive: string;
  disposition: CspDisposition;
  /** The page, as origin and path only. */
  documentUrl: string | undefined;
  /** What was blocked: a keyword such as "inline" or "eval", or an origin and path. */
  blocked: string | undefined;
  /** The script or stylesheet the violation happened in, as origin and path only. */
  sourceFile: string | undefined;
  line: number | undefined;
  column: number | undefined;
  statusCode: number | undefined;
}

const text = z.string().max(10_000).optional();
const count = z.number().int().nonnegative().max(10_000_000).optional();

/** report-uri's body: `{"csp-report": {...}}` with kebab-case fields. */
const cspReportBodySchema = z.object({
  'csp-report': z.looseObject({
    'document-uri': text,
    'violated-directive': text,
    'effective-directive': text,
    disposition: text,
    'blocked-uri': text,
    'source-file': text,
    'line-number': count,
    'column-number': count,
    'status-code': count,
  }),
});

/** The Reporting API's body: a list of reports of several types, csp-violation among them. */
const reportsJsonBodySchema = z
  .array(
    z.looseObject({
      type: z.string().max(100),
      url: text,
      body: z.looseObject({}).nullish(),
    }),
  )
  .min(1)
  .max(MAX_REPORTS_PER_BATCH);

const cspViolationBodySchema = z.looseObject({
  documentURL: text,
  effectiveDirective: text,
  disposition: text,
  blockedURL: text,
  sourceFile: text,
  lineNumber: count,
  columnNumber: count,
  statusCode: count,
});

/**
 * A URL as origin and path, without credentials, query or fragment (which
 * may hold a guarantor's details or a sign-in token), its path cut short.
 * Keywords the browser reports instead of a URL ("inline", "eval", "data")
 * are kept as they are.
 */
export function safeUrl(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (/^[a-z][a-z-]*$/i.test(value)) return value.slice(0, MAX_KEYWORD_LENGTH).toLowerCase();
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return '[not a URL]';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return url.protocol.slice(0, -1);
  const path =
    url.pathname.length > MAX_PATH_LENGTH
      ? `${url.pathname.slice(0, MAX_PATH_LENGTH)}…`
      : url.pathname;
  return `${url.origin}${path}`;
}

/** The directive as the metric names it: a known directive, or "other". */
export function directiveLabel(value: string | undefined): string {
  const directive = (value ?? '').trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  return KNOWN_DIRECTIVES.has(directive) ? directive : 'other';
}

function disposition(value: string | undefined): CspDisposition {
  return value === 'report' ? 'report' : 'enforce';
}

export class MalformedCspReport extends Error {
  constructor(readonly details: string[]) {
    super(details.join(' '));
    this.name = 'MalformedCspReport';
  }
}

function problems(error: z.ZodError): string[] {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`);
}

/**
 * The violations in a report body of either format. Reports of other types
 * (the Reporting API also carries deprecations and interventions) are left
 * out. Throws MalformedCspReport when the body is neither format.
 */
export function parseCspReports(format: CspReportFormat, body: unknown): CspViolation[] {
  if (format === 'csp-report') {
    const parsed = cspReportBodySchema.safeParse(body);
    if (!parsed.success) throw new MalformedCspReport(problems(parsed.error));
    const report = parsed.data['csp-report'];
    return [
      {
        format,
        directive: directiveLabel(report['effective-directive'] ?? report['violated-directive']),
        disposition: disposition(report.disposition),
        documentUrl: safeUrl(report['document-uri']),
        blocked: safeUrl(report['blocked-uri']),
        sourceFile: safeUrl(report['source-file']),
        line: report['line-number'],
        column: report['column-number'],
        statusCode: report['status-code'],
      },
    ];
  }
  const parsed = reportsJsonBodySchema.safeParse(body);
  if (!parsed.success) throw new MalformedCspReport(problems(parsed.error));
  const violations: CspViolation[] = [];
  for (const [index, report] of parsed.data.entries()) {
    if (report.type !== 'csp-violation') continue;
    const violation = cspViolationBodySchema.safeParse(report.body);
    if (!violation.success) {
      throw new MalformedCspReport(
        problems(violation.error).map((problem) => `${index}.body.${problem}`),
      );
    }
    const details = violation.data;
    violations.push({
      format,
      directive: directiveLabel(details.effectiveDirective),
      disposition: disposition(details.disposition),
      documentUrl: safeUrl(details.documentURL ?? report.url),
      blocked: safeUrl(details.blockedURL),
      sourceFile: safeUrl(details.sourceFile),
      line: details.lineNumber,
      column: details.columnNumber,
      statusCode: details.statusCode,
    });
  }
  return violations;
}
