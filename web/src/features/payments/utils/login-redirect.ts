import type { AnyRouter } from '@tanstack/react-router';
import { LOGIN_REDIRECT_DELAY_MS } from './payment-timing.ts';

let cancelPending: (() => void) | null = null;

/**
 * SPEC §8: after a 401 on a payment, go to PIN sign-in (coming back to the
 * dashboard) in a few seconds. The timer is not tied to the dialog: the same
 * 401 ends the session, which unmounts the dashboard and the dialog with it.
 * It is cleared when it fires, when another replaces it, or when the
 * guarantor navigates first (e.g. with the Session Expired modal's button).
 */
export function scheduleLoginRedirect(router: AnyRouter, beforeRedirect?: () => void): () => void {
  cancelPending?.();
  const stop = () => {
    clearTimeout(timer);
    unsubscribe();
    if (cancelPending === stop) cancelPending = null;
  };
  const timer = setTimeout(() => {
    stop();
    beforeRedirect?.();
    void router.navigate({ to: '/login/pin', search: { next: '/dashboard' } });
  }, LOGIN_REDIRECT_DELAY_MS);
  const unsubscribe = router.subscribe('onBeforeNavigate', (event) => {
    if (event.hrefChanged) stop();
  });
  cancelPending = stop;
  return stop;
}
