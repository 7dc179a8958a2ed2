import { useRouter } from '@tanstack/react-router';
import { browser } from './browser.ts';
import { isPageCodeMissing } from './error-kind.ts';

/** 'Try Again' of a route's error screen: load the route again and clear the error. */
export function useRouteRetry(error: unknown, reset: () => void): () => Promise<void> {
  const router = useRouter();
  return async () => {
    if (isPageCodeMissing(error)) {
      browser.reload();
      // 'Retrying...' stays until the fresh page replaces this one.
      return new Promise<never>(() => undefined);
    }
    await router.invalidate();
    reset();
  };
}
