import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { useMessages } from '@/lib/messages.ts';
import { useCheckWithProcessor } from '../api/payment.ts';
import { paymentMessages } from '../payments.messages.ts';
import { DialogError } from './dialog-parts.tsx';

/**
 * A void or refund made in the processor's own screens reaches WebPay with
 * the next reconciliation; this records it now, while the clerk is on the
 * phone with the guarantor.
 */
export function ProcessorCheck({ paymentId }: { paymentId: string }) {
  const t = useMessages(paymentMessages);
  const check = useCheckWithProcessor(paymentId);
  return (
    <div className="mt-3 flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          size="sm"
          disabled={check.isPending}
          aria-describedby="processor-check-hint"
          onClick={() =>
            check.mutate(undefined, { onSuccess: (result) => toast.success(result.message) })
          }
        >
          {t.checkWithProcessor}
        </Button>
        <p id="processor-check-hint" className="text-sm text-muted-foreground">
          {t.checkHint}
        </p>
      </div>
      {check.isError && <DialogError error={check.error} />}
    </div>
  );
}
