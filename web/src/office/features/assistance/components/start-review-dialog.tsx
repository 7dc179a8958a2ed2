import { toast } from 'sonner';
import {
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useMessages } from '@/lib/messages.ts';
import { useStartReview } from '../api/review-actions.ts';
import { reviewMessages } from '../assistance.messages.ts';
import { DialogError } from './dialog-parts.tsx';
import { useStatusName } from './use-status-name.ts';

/** Submitted → In review, once confirmed: the guarantor's tracker shows the move. */
export function StartReviewDialog({
  reference,
  onDone,
}: {
  reference: string;
  onDone: () => void;
}) {
  const t = useMessages(reviewMessages);
  const statusName = useStatusName();
  const mutation = useStartReview(reference);
  const start = async () => {
    const done = await mutation.mutateAsync(undefined).catch(() => undefined);
    if (!done) return;
    toast.success(t.done.startReview);
    onDone();
  };
  return (
    <AlertDialogContent>
      <AlertDialogTitle>{t.startReviewTitle}</AlertDialogTitle>
      <AlertDialogDescription>{t.startReviewHint(statusName('in_review'))}</AlertDialogDescription>
      <DialogError error={mutation.error} />
      <AlertDialogFooter>
        <AlertDialogCancel>{t.cancel}</AlertDialogCancel>
        {/* Not AlertDialogAction: the dialog stays open until the service has answered. */}
        <Button
          disabled={mutation.isPending}
          aria-busy={mutation.isPending}
          onClick={() => void start()}
        >
          {mutation.isPending && <Spinner />}
          {t.startReview}
        </Button>
      </AlertDialogFooter>
    </AlertDialogContent>
  );
}
