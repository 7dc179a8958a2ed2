import { useCallback } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Claims, User } from '@webpay/contracts/auth';
import type { Receipt } from '@webpay/contracts/payments';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { useAppConfig } from '@/features/config/api/get-app-config.ts';
import { useMessages } from '@/lib/messages.ts';
import { useSession } from '@/lib/session.ts';
import { useLoginRedirect } from '../hooks/use-login-redirect.ts';
import { usePaymentFlow } from '../hooks/use-payment-flow.ts';
import { useRestoreFocus } from '../hooks/use-restore-focus.ts';
import {
  defaultPaymentFormValues,
  paymentFormSchema,
  type PaymentFormOutput,
  type PaymentFormValues,
} from '../utils/payment-form.ts';
import { paymentTotalCents, type PaymentRequest } from '../utils/payment-items.ts';
import { authorizationSources } from '../utils/echeck-authorization.ts';
import { buildSubmission } from '../utils/payment-submission.ts';
import { paymentDialogMessages } from '../payments.messages.ts';
import { PaymentForm } from './payment-form.tsx';
import { PaymentStatus } from './payment-status.tsx';

export interface PaymentDialogProps {
  /** What to pay; null keeps the dialog closed. */
  request: PaymentRequest | null;
  onClose: () => void;
  /** SPEC §4 After a successful payment (or an approval the service could not record). */
  onPaid: (receipt: Receipt) => void;
}

/** SPEC §2 Payment dialog. It renders only for a signed-in user with token and claims. */
export function PaymentDialog({ request, onClose, onPaid }: PaymentDialogProps) {
  const session = useSession();
  if (!session?.token || !session.claims || !request) return null;
  return (
    <OpenPaymentDialog
      request={request}
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

function OpenPaymentDialog({ request, user, claims, onClose, onPaid }: OpenPaymentDialogProps) {
  const t = useMessages(paymentDialogMessages);
  const config = useAppConfig().data;
  useRestoreFocus();
  // Above the dialog's content, which remounts between phases, so what was typed survives.
  const form = useForm<PaymentFormValues, unknown, PaymentFormOutput>({
    resolver: zodResolver(paymentFormSchema),
    defaultValues: defaultPaymentFormValues(user),
    mode: 'onChange',
    shouldFocusError: false,
  });

  const redirectToLogin = useLoginRedirect();
  const { reset } = form;
  const paid = useCallback(
    (receipt: Receipt) => {
      reset(defaultPaymentFormValues(user));
      onPaid(receipt);
    },
    [reset, user, onPaid],
  );
  const flow = usePaymentFlow({
    items: request.items,
    cardProcessor: config?.cardProcessor,
    onPaid: paid,
    onSessionExpired: redirectToLogin,
  });

  const pay = (values: PaymentFormOutput) => {
    if (!config) return;
    flow.submit(
      buildSubmission(values, {
        items: request.items,
        user,
        claims,
        centralFacilityId: config.centralFacility.id,
      }),
    );
  };

  const status =
    flow.phase === 'completing'
      ? t.completing
      : flow.phase === 'lightbox' || flow.starting
        ? t.openingCardWindow
        : '';

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
        {!status && (
          <PaymentForm
            form={form}
            items={request.items}
            totalCents={paymentTotalCents(request.items)}
            user={user}
            claims={claims}
            processing={flow.processing}
            ready={config !== undefined}
            authorizationSources={config && authorizationSources(config, user)}
            problem={flow.problem}
            onDismissProblem={flow.dismiss}
            onRetry={flow.retry}
            onPay={pay}
            onCancel={onClose}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
