import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/** SPEC §8: failures that mean the session is gone; retrying them cannot help. */
export function isAuthError(error: unknown): boolean {
  if (!error) return false;
  const apiError = error instanceof ApiError ? error.error : undefined;
  if (apiError) {
    if (apiError.status === 401 || apiError.status === 403) return true;
    if (apiError.code === 'UNAUTHORIZED' || apiError.code === 'FORBIDDEN') return true;
    if (/unauthori[sz]ed|authentication|forbidden/i.test(apiError.title)) return true;
  }
  const message = error instanceof Error ? error.message : '';
  return /\b(401|403)\b/.test(message);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => !isAuthError(error) && failureCount < 2,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
