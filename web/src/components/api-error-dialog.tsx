import { useEffect, useRef, useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import { PORTAL_BASE_PATH } from '@webpay/contracts/api';
import {
  AlertDialog,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import {
  onApiError,
  type ApiErrorButton,
  type ApiErrorModalContent,
} from '@/lib/api-error-events.ts';
import { browser } from '@/lib/browser.ts';
import { restoreFocus } from '@/lib/focus.ts';

/** Where a redirect button leads: inside the portal, elsewhere on this site, or nowhere. */
function redirectTarget(
  url: string,
): { kind: 'portal'; href: string } | { kind: 'page'; href: string } | null {
  let target: URL;
  try {
    target = new URL(url, window.location.href);
  } catch {
    return null;
  }
  // Never off-site: an error modal must not become a way to send guarantors elsewhere.
  if (target.origin !== window.location.origin) return null;
  const { pathname, search, hash } = target;
  if (pathname === PORTAL_BASE_PATH || pathname.startsWith(`${PORTAL_BASE_PATH}/`)) {
    const inside = pathname.slice(PORTAL_BASE_PATH.length) || '/';
    return { kind: 'portal', href: `${inside}${search}${hash}` };
  }
  return { kind: 'page', href: target.href };
}

/** The errors reported by 'api-error' events, shown one at a time: the first is current. */
function useApiErrorQueue() {
  const [queue, setQueue] = useState<readonly ApiErrorModalContent[]>([]);

  useEffect(
    () =>
      onApiError((content) =>
        setQueue((shown) => {
          const last = shown[shown.length - 1];
          // The same failure reported twice in a row is shown once.
          if (last && last.title === content.title && last.message === content.message) {
            return shown;
          }
          return [...shown, content];
        }),
      ),
    [],
  );

  const close = () => setQueue((shown) => shown.slice(1));
  return { current: queue[0], close };
}

/**
 * SPEC §4: the generic error modal opened by 'api-error' events. Its buttons
 * close it, go to an address, reload the page or run the caller's callback.
 * Errors raised while one is showing wait their turn.
 */
export function ApiErrorDialog() {
  const router = useRouter();
  const { current, close } = useApiErrorQueue();
  const firstButton = useRef<HTMLButtonElement>(null);
  const returnFocusTo = useRef<Element | null>(null);

  const run = (button: ApiErrorButton) => {
    close();
    switch (button.action) {
      case 'close':
        return;
      case 'retry':
        browser.reload();
        return;
      case 'redirect': {
        const target = redirectTarget(button.url);
        if (!target) {
          console.error('Refused to leave the portal for', button.url);
          return;
        }
        if (target.kind === 'portal') void router.navigate({ href: target.href });
        else browser.assign(target.href);
        return;
      }
      case 'custom':
        button.onClick();
        return;
    }
  };

  return (
    <AlertDialog
      open={current !== undefined}
      onOpenChange={(open) => {
        if (!open) close();
      }}
    >
      {current && (
        <AlertDialogContent
          // Focus starts on the first button: the least drastic choice comes first.
          onOpenAutoFocus={(event) => {
            returnFocusTo.current = document.activeElement;
            event.preventDefault();
            firstButton.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            restoreFocus(returnFocusTo.current);
            returnFocusTo.current = null;
          }}
        >
          <AlertDialogTitle>{current.title}</AlertDialogTitle>
          <AlertDialogDescription>{current.message}</AlertDialogDescription>
          <AlertDialogFooter>
            {current.buttons.map((button, index) => (
              <Button
                key={`${index}-${button.label}`}
                ref={index === 0 ? firstButton : undefined}
                variant={
                  button.variant ?? (index === current.buttons.length - 1 ? 'primary' : 'secondary')
                }
                onClick={() => run(button)}
              >
                {button.label}
              </Button>
            ))}
          </AlertDialogFooter>
        </AlertDialogContent>
      )}
    </AlertDialog>
  );
}
