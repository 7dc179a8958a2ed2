import type { Claims, User } from '@webpay/contracts/auth';
import { NeedHelpPayingLink } from '@/components/assistance-links.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { useMessages } from '@/lib/messages.ts';
import { useSession } from '@/lib/session.ts';
import type { PaymentDialogProps } from '@/lib/payments/payment-dialogs.ts';
import { usePaymentDialog } from '../hooks/use-payment-dialog.ts';
import { isPendingRefusal } from '../hooks/use-pending-question.ts';
import { useRestoreFocus } from '../hooks/use-restore-focus.ts';
import {
  checkedPaymentMode,
  paymentTotalCents,
  type PaymentRequest,
} from '@/lib/payments/payment-items.ts';
import { authorizationSources } from '../utils/echeck-authorization.ts';
import { paymentDialogMessages } from '../payments.messages.ts';
import { PaymentForm } from './payment-form.tsx';
import { PaymentStatus } from './payment-status.tsx';
import { PendingQuestion } from './pending-question.tsx';

/** SPEC §2 Payment dialog. It renders only for a signed-in user with token and claims. */
export function PaymentDialog({ request, bills, onClose, onPaid }: PaymentDialogProps) {
  const session = useSession();
  if (!session?.token || !session.claims || !request) return null;
  // A request from anywhere but the dashboard's own controls could carry any mode.
  checkedPaymentMode(request);
  return (
    <OpenPaymentDialog
      request={request}
      bills={bills}
      user={session.user}
      claims={session.claims}
      onClose={onClose}
      onPaid={onPaid}
    />
  );
}

interface OpenPaymentDialogProps extends Omit<PaymentDialogProps, 'request'> {
  request: PaymentRequest;
  user: User;
  claims: Claims;
}

/** What the dialog says instead of the form while the card window opens or the payment completes. */
function useFlowStatus(flow: ReturnType<typeof usePaymentDialog>['flow']): string {
  const t = useMessages(paymentDialogMessages);
  if (flow.phase === 'completing') return t.completing;
  if (flow.phase === 'lightbox' || flow.starting) return t.openingCardWindow;
  return '';
}

function OpenPaymentDialog({
  request,
  bills,
  user,
  claims,
  onClose,
  onPaid,
}: OpenPaymentDialogProps) {
  const t = useMessages(paymentDialogMessages);
  useRestoreFocus();
  const {
    config,
    ready,
    form,
    flow,
    pending: { ref: questionRef, ...question },
    payAgain,
    pay,
  } = usePaymentDialog({ request, bills, user, claims, onPaid });

  const status = useFlowStatus(flow);

  return (
    <Dialog
      open
      // The card window is the processor's own overlay; a modal dialog would trap its focus and clicks.
      modal={flow.phase !== 'lightbox'}
      onOpenChange={(open) => {
        if (!open && !flow.processing) onClose();
      }}
    >
      <DialogContent
        className="max-w-xl"
        hideClose={flow.processing}
        aria-busy={flow.processing || undefined}
        data-payment-mode={request.mode}
        onEscapeKeyDown={(event) => {
          if (flow.processing) event.preventDefault();
        }}
        // Typed billing details are not thrown away by a stray tap beside the dialog.
        onInteractOutside={(event) => event.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>{t.title}</DialogTitle>
          <DialogDescription>{t.description}</DialogDescription>
        </DialogHeader>
        <PaymentStatus message={status} />
        {/* Issue #27: a guarantor who cannot pay this finds the way to assistance here, before paying. */}
        {!status && !flow.processing && <NeedHelpPayingLink className="self-start text-sm" />}
        {!status && (
          <PaymentForm
            form={form}
            items={request.items}
            totalCents={paymentTotalCents(request.items)}
            user={user}
            claims={claims}
            processing={flow.processing}
            ready={ready}
            authorizationSources={config && authorizationSources(config, user)}
            problem={isPendingRefusal(flow.problem) ? null : flow.problem}
            onDismissProblem={flow.dismiss}
            onRetry={flow.retry}
            onPay={pay}
            onCancel={onClose}
            pendingCents={question.pendingCents}
            question={
              <PendingQuestion
                ref={questionRef}
                lines={question.lines}
                acknowledged={question.acknowledged}
                attention={question.attention}
                onPayAgain={payAgain}
                onDontPayAgain={onClose}
              />
            }
            readyToPay={question.answered}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
