import { useEffect, useState } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useMessages } from '@/lib/messages.ts';
import { formatCountdown } from '../lib/idle-timer.ts';
import { idleWarningMessages } from './office.messages.ts';

export interface IdleWarningDialogProps {
  open: boolean;
  remainingMs: () => number;
  onStay: () => Promise<boolean>;
  onSignOut: () => void;
}

/** Two minutes before the idle end: stay (a keep-alive call) or sign out. */
export function IdleWarningDialog({
  open,
  remainingMs,
  onStay,
  onSignOut,
}: IdleWarningDialogProps) {
  const t = useMessages(idleWarningMessages);
  const [, tick] = useState(0);
  const [staying, setStaying] = useState(false);

  useEffect(() => {
    if (!open) return;
    const interval = window.setInterval(() => tick((count) => count + 1), 1000);
    return () => window.clearInterval(interval);
  }, [open]);

  const stay = async () => {
    setStaying(true);
    await onStay();
    setStaying(false);
  };

  return (
    <AlertDialog open={open}>
      <AlertDialogContent>
        <AlertDialogTitle>{t.title}</AlertDialogTitle>
        <AlertDialogDescription>
          {t.description(formatCountdown(remainingMs()))}
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel onClick={onSignOut}>{t.signOut}</AlertDialogCancel>
          <Button onClick={() => void stay()} disabled={staying} aria-busy={staying} autoFocus>
            {staying && <Spinner />}
            {t.stay}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
