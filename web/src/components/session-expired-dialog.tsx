import { useRef } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { SESSION_EXPIRED_MODAL } from '@webpay/contracts/messages';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog.tsx';
import { useAuth, useAuthState } from '@/lib/auth-context.ts';

/** SPEC §4/§8: shown when the session runs out or the server refuses it. */
export function SessionExpiredDialog() {
  const auth = useAuth();
  const { sessionExpired } = useAuthState();
  const navigate = useNavigate();
  const goToLogin = useRef<HTMLButtonElement>(null);

  return (
    <AlertDialog open={sessionExpired}>
      <AlertDialogContent
        onEscapeKeyDown={(event) => event.preventDefault()}
        // The only way on is the button, so it has focus from the start.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          goToLogin.current?.focus();
        }}
      >
        <AlertDialogTitle>{SESSION_EXPIRED_MODAL.title}</AlertDialogTitle>
        <AlertDialogDescription>{SESSION_EXPIRED_MODAL.message}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogAction
            ref={goToLogin}
            onClick={() => {
              auth.acknowledgeExpiry();
              void navigate({ to: '/login' });
            }}
          >
            {SESSION_EXPIRED_MODAL.action}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
