import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog.tsx';
import { useMessages } from '@/lib/messages.ts';
import { autopayMessages } from '../autopay.messages.ts';

/** Turning autopay off is asked twice: a charge already promised may stop. */
export function TurnOffDialog({
  open,
  text,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  text: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useMessages(autopayMessages);
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && onCancel()}>
      <AlertDialogContent>
        <AlertDialogTitle>{t.turnOff.title}</AlertDialogTitle>
        <AlertDialogDescription>{text}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>{t.turnOff.keep}</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>{t.turnOff.confirm}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
