import { ApiError } from './api-client.ts';

export type ErrorKind = 'connection' | 'authentication' | 'timeout' | 'generic';

/** Everything an error says about itself, for SPEC §8's choice by message content. */
function describe(error: unknown): string {
  if (error instanceof ApiError) {
    const { status, code, title, details } = error.error;
    return [error.message, status, code, title, ...details].join(' ');
  }
  if (error instanceof Error) return `${error.name} ${error.message}`;
  if (typeof error === 'string') return error;
  // Route loaders may throw plain objects; their message is all they have to say.
  if (typeof error === 'object' && error !== null && 'message' in error) {
    return typeof error.message === 'string' ? error.message : '';
  }
  return '';
}

/** SPEC §8 error screen: network, then unauthorised, then timeout, else generic. */
export function classifyError(error: unknown): ErrorKind {
  if (error instanceof ApiError && error.failure === 'network') return 'connection';
  const text = describe(error).toLowerCase();
  if (/network|fetch/.test(text)) return 'connection';
  if (/unauthori[sz]ed|\b401\b/.test(text)) return 'authentication';
  // 408 is HTTP's own "Request Timeout", whatever words the answer carries.
  if (error instanceof ApiError && (error.failure === 'timeout' || error.error.status === 408)) {
    return 'timeout';
  }
  if (/time-?out|timed out/.test(text)) return 'timeout';
  return 'generic';
}

/** How Chrome, Firefox and Safari say that a page's code could not be downloaded. */
const PAGE_CODE_MISSING = [
  'Failed to fetch dynamically imported module',
  'error loading dynamically imported module',
  'Importing a module script failed',
];

/** Browsers remember a failed download of a page's code; only loading the page afresh tries again. */
export function isPageCodeMissing(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return PAGE_CODE_MISSING.some((words) => message.startsWith(words));
}
