import { useRef } from 'react';
import { useNavigate } from '@tanstack/react-router';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog.tsx';
import { useAuth, useAuthState } from '@/lib/auth-context.ts';
import { useMessages } from '@/lib/messages.ts';
import { sessionExpiredMessages } from './session-dialogs.messages.ts';

/** SPEC §4/§8: shown when the session runs out or the server refuses it. */
export function SessionExpiredDialog() {
  const auth = useAuth();
  const { sessionExpired } = useAuthState();
  const navigate = useNavigate();
  const goToLogin = useRef<HTMLButtonElement>(null);
  const t = useMessages(sessionExpiredMessages);

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
        <AlertDialogTitle>{t.title}</AlertDialogTitle>
        <AlertDialogDescription>{t.message}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogAction
            ref={goToLogin}
            onClick={() => {
              auth.acknowledgeExpiry();
              void navigate({ to: '/login' });
            }}
          >
            {t.action}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
