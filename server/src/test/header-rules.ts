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

export type Policy = Map<string, string[]>;

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
