import { useEffect, useRef, useState } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog.tsx';
import { restoreFocus } from '@/lib/focus.ts';
import { onInvalidCode, type InvalidCodeOptions } from '@/lib/invalid-code-events.ts';
import { useMessages } from '@/lib/messages.ts';
import { invalidCodeMessages } from './session-dialogs.messages.ts';

/** SPEC §4/§8: 'Invalid Code', opened by 'invalid-code' events. */
export function InvalidCodeDialog() {
  const [options, setOptions] = useState<InvalidCodeOptions | null>(null);
  // Kept past the close, for putting focus back once the modal is gone.
  const closing = useRef<InvalidCodeOptions | null>(null);
  const returnFocusTo = useRef<Element | null>(null);
  const t = useMessages(invalidCodeMessages);

  useEffect(() => onInvalidCode(setOptions), []);

  const close = (resend: boolean) => {
    if (!options) return;
    closing.current = options;
    setOptions(null);
    if (resend) options.onSendNewCode();
  };

  return (
    <AlertDialog
      open={options !== null}
      onOpenChange={(open) => {
        if (!open) close(false);
      }}
    >
      {options && (
        <AlertDialogContent
          // Without the caller's wish, focus goes back to where it was (Radix only knows triggers).
          onOpenAutoFocus={() => {
            returnFocusTo.current = document.activeElement;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            const focusCaller = closing.current?.restoreFocus;
            closing.current = null;
            if (focusCaller) focusCaller();
            else restoreFocus(returnFocusTo.current);
            returnFocusTo.current = null;
          }}
        >
          <AlertDialogTitle>{t.title}</AlertDialogTitle>
          <AlertDialogDescription>{t.message}</AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel onClick={() => close(false)}>{t.cancel}</AlertDialogCancel>
            <AlertDialogAction
              onClick={(event) => {
                event.preventDefault();
                close(true);
              }}
            >
              {t.resend}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      )}
    </AlertDialog>
  );
}
