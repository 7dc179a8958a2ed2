/*
 * What the security headers must say, shared by the service tests and the
 * browser tests (OWASP ASVS 4.0 14.4, 5.0 3.4.1–3.4.7).
 */

export const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Referrer policies that give the processor our origin (its allow-list checks it) and never the path. */
export const PROCESSOR_COMPATIBLE_REFERRER_POLICIES = [
  'strict-origin-when-cross-origin',
  'strict-origin',
];

/** Script sources that would let injected or inline code run. */
export const UNSAFE_SCRIPT_SOURCES = [
  "'unsafe-inline'",
  "'unsafe-eval'",
  "'unsafe-hashes'",
  "'wasm-unsafe-eval'",
  '*',
  'data:',
  'blob:',
  'http:',
  'https:',
];

/** Directives that would widen what runs as script again, past script-src. */
export const SCRIPT_WIDENING_DIRECTIVES = ['script-src-elem', 'script-src-attr', 'worker-src'];

/** Directives that would let styles in past style-src. */
export const STYLE_WIDENING_DIRECTIVES = ['style-src-elem', 'style-src-attr'];

/** A CSP nonce source: 'nonce-' and base64 of at least 16 bytes (CSP 3, 2.3.1). */
const NONCE_SOURCE = /^'nonce-[A-Za-z0-9+/_-]{22,}={0,2}'$/;

export type Policy = Map<string, string[]>;

/**
 * What is wrong with a policy's style sources (decision 0005): stylesheets
 * from our origin, no inline style attribute or element, but for the elements
 * bearing the answer's own nonce when it has one.
 */
export function styleSourceProblems(policy: Policy): string[] {
  const [first, ...rest] = policy.get('style-src') ?? [];
  const problems: string[] = [];
  if (first !== "'self'") problems.push(`style-src starts with ${first ?? 'nothing'}, not 'self'`);
  const nonces = rest.filter((source) => NONCE_SOURCE.test(source));
  if (nonces.length > 1) problems.push(`style-src has ${nonces.length} nonces`);
  for (const source of rest.filter((candidate) => !NONCE_SOURCE.test(candidate))) {
    problems.push(`style-src allows ${source}`);
  }
  for (const directive of STYLE_WIDENING_DIRECTIVES.filter((name) => policy.has(name))) {
    problems.push(`${directive} widens style-src`);
  }
  return problems;
}

/** A Content-Security-Policy header as directive → sources (the first of a repeated directive counts). */
export function parsePolicy(header: string | null | undefined): Policy {
  const policy: Policy = new Map();
  for (const directive of (header ?? '').split(';')) {
    const [name, ...sources] = directive.trim().split(/\s+/);
    if (name && !policy.has(name.toLowerCase())) policy.set(name.toLowerCase(), sources);
  }
  return policy;
}

/** HSTS max-age in seconds, 0 when absent. */
export function hstsMaxAge(header: string | null | undefined): number {
  return Number(/max-age=(\d+)/i.exec(header ?? '')?.[1] ?? 0);
}
