import { useId, useState, type ReactNode } from 'react';
import { staffCan, type StaffRole } from '@webpay/contracts/office';
import type { DeskPayment } from '@webpay/contracts/payment-desk';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogTrigger } from '@/components/ui/dialog.tsx';
import { useMessages } from '@/lib/messages.ts';
import { actionMessages, paymentMessages } from '../payments.messages.ts';
import { RefundDialog } from './refund-dialog.tsx';
import { ResendDialog } from './resend-dialog.tsx';
import { VoidDialog } from './void-dialog.tsx';

type Action = 'void' | 'refund' | 'resend';

/** Who may take each action (staffCan): void and resend from agent up, refunds from supervisor up. */
const NEEDS = { void: 'support', refund: 'approve', resend: 'support' } as const;

/**
 * One action's button. When the payment does not allow it now, the button
 * is disabled and why is written beside it, not only in a tooltip.
 */
function ActionButton({
  label,
  availability,
  open,
  onOpenChange,
  children,
}: {
  label: string;
  availability: { available: boolean; why: string | null };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  const whyId = useId();
  if (!availability.available) {
    return (
      <span className="flex max-w-64 flex-col items-start gap-1">
        <Button variant="secondary" size="sm" disabled aria-describedby={whyId}>
          {label}
        </Button>
        <span id={whyId} className="text-xs text-muted-foreground">
          {availability.why}
        </span>
      </span>
    );
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm">
          {label}
        </Button>
      </DialogTrigger>
      {open && children}
    </Dialog>
  );
}

/** Void, Refund and Resend receipt, for the roles that may use them; viewers see none. */
export function PaymentActions({ payment, role }: { payment: DeskPayment; role: StaffRole }) {
  const t = useMessages(actionMessages);
  const page = useMessages(paymentMessages);
  const [open, setOpen] = useState<Action | null>(null);
  const allowed = (Object.keys(NEEDS) as Action[]).filter((action) =>
    staffCan(role, NEEDS[action]),
  );
  if (allowed.length === 0) return null;
  const close = () => setOpen(null);
  const props = (action: Action) => ({
    open: open === action,
    onOpenChange: (isOpen: boolean) => setOpen(isOpen ? action : null),
  });
  return (
    <div role="group" aria-label={page.actions} className="flex flex-wrap items-start gap-2">
      {allowed.includes('void') && (
        <ActionButton label={t.void} availability={payment.actions.void} {...props('void')}>
          <VoidDialog payment={payment} onDone={close} />
        </ActionButton>
      )}
      {allowed.includes('refund') && (
        <ActionButton label={t.refund} availability={payment.actions.refund} {...props('refund')}>
          <RefundDialog payment={payment} onDone={close} />
        </ActionButton>
      )}
      {allowed.includes('resend') && (
        <ActionButton
          label={t.resend}
          availability={payment.actions.resendReceipt}
          {...props('resend')}
        >
          <ResendDialog payment={payment} onDone={close} />
        </ActionButton>
      )}
    </div>
  );
}
