import { use, useCallback } from 'react';
import { useRouter } from '@tanstack/react-router';
import { AuthContext } from '@/lib/auth-context.ts';
import { scheduleLoginRedirect } from '../utils/login-redirect.ts';

/** SPEC §8: a 401 on a payment leads to PIN sign-in after a few seconds. */
export function useLoginRedirect(): () => void {
  const router = useRouter();
  const auth = use(AuthContext);
  return useCallback(() => {
    // The Session Expired modal would otherwise stay open over the sign-in page.
    scheduleLoginRedirect(router, () => auth?.acknowledgeExpiry());
  }, [router, auth]);
}
