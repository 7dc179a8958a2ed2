import { AlertTriangle, CheckCircle2, Printer } from 'lucide-react';
import type { Receipt } from '@webpay/contracts/payments';
import { PhoneLink } from '@/components/phone-link.tsx';
import { Button } from '@/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { useAppConfig } from '@/config/get-app-config.ts';
import { useSupportPhone } from '@/hooks/use-branding.ts';
import { useMessages } from '@/lib/messages.ts';
import { useSession } from '@/lib/session.ts';
import type { ReceiptDialogProps } from '@/lib/payments/payment-dialogs.ts';
import { useRestoreFocus } from '../hooks/use-restore-focus.ts';
import { receiptMessages } from '../payments.messages.ts';
import { receiptHelp } from '../utils/receipt-help.ts';
import { PaymentReversalNote } from '@/components/payment-reversal.tsx';
import { isWhollyReversed } from '@/lib/payments/payment-reversal.ts';
import { ReceiptDetails } from './receipt-details.tsx';
import { ReceiptHelpText } from './receipt-help-text.tsx';

/** SPEC §2: the receipt after a payment, printable on its own. */
export function ReceiptDialog({ receipt, onClose, applied = false }: ReceiptDialogProps) {
  if (!receipt) return null;
  return <OpenReceiptDialog receipt={receipt} onClose={onClose} applied={applied} />;
}

function OpenReceiptDialog({
  receipt,
  onClose,
  applied,
}: {
  receipt: Receipt;
  onClose: () => void;
  applied: boolean;
}) {
  const t = useMessages(receiptMessages);
  const config = useAppConfig().data;
  const session = useSession();
  const supportPhone = useSupportPhone(session?.user);
  useRestoreFocus();
  const approved = receipt.status === 'approved';

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      {/* print-receipt: the print stylesheet prints this and nothing else. */}
      <DialogContent className="print-receipt max-w-xl" hideClose>
        <DialogHeader>
          <DialogTitle>{t.title}</DialogTitle>
          {/* Printed, the receipt must still say whom it was paid to. */}
          {config && (
            <p className="text-sm text-muted-foreground">{config.branding.providerName}</p>
          )}
          <DialogDescription className="flex items-center gap-2 text-base">
            {approved ? (
              <CheckCircle2 aria-hidden="true" className="size-5 shrink-0 text-success" />
            ) : (
              <AlertTriangle aria-hidden="true" className="size-5 shrink-0 text-danger-text" />
            )}
            <span>
              {t.status}:{' '}
              <strong className="font-semibold text-foreground">
                {approved ? t.approved : t.failed}
              </strong>
            </span>
          </DialogDescription>
        </DialogHeader>

        {!approved && (
          <div className="rounded-lg border border-danger/40 bg-danger-soft p-4 text-sm text-danger-soft-foreground">
            {t.failedExplanation}{' '}
            {supportPhone && <PhoneLink phone={supportPhone} className="text-inherit" />}
          </div>
        )}

        {receipt.reversal && (
          <p className="text-sm">
            <PaymentReversalNote reversal={receipt.reversal} className="font-medium" />
          </p>
        )}

        <ReceiptDetails receipt={receipt} />

        {/* Nothing is posted of a payment given back whole. */}
        {approved && !isWhollyReversed(receipt.reversal) && (
          <p className="text-sm">{applied ? t.applied : t.posting}</p>
        )}
        {approved && <ReceiptHelpText help={receiptHelp(receipt, config, supportPhone)} />}

        <DialogFooter className="no-print">
          <Button type="button" variant="secondary" onClick={() => window.print()}>
            <Printer aria-hidden="true" />
            {t.print}
          </Button>
          <Button type="button" onClick={onClose}>
            {t.close}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
