import { ApiError } from './api-client.ts';

export type ErrorKind = 'connection' | 'authentication' | 'timeout' | 'generic';

/** Everything an error says about itself, for SPEC §8's choice by message content. */
function describe(error: unknown): string {
  if (error instanceof ApiError) {
    const { status, code, title, details } = error.error;
    return [error.message, status, code, title, ...details].join(' ');
  }
  if (error instanceof Error) return `${error.name} ${error.message}`;
  return typeof error === 'string' ? error : '';
}

/** SPEC §8 error screen: network, then unauthorised, then timeout, else generic. */
export function classifyError(error: unknown): ErrorKind {
  if (error instanceof ApiError && error.failure === 'network') return 'connection';
  if (error instanceof ApiError && error.failure === 'timeout') return 'timeout';
  const text = describe(error).toLowerCase();
  if (/network|fetch/.test(text)) return 'connection';
  if (/unauthori[sz]ed|\b401\b/.test(text)) return 'authentication';
  if (/timeout|timed out/.test(text)) return 'timeout';
  return 'generic';
}
