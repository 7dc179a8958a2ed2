import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Lock } from 'lucide-react';
import type { Claims, User } from '@webpay/contracts/auth';
import type { AuthorizationSources } from '@webpay/contracts/echeck-authorization';
import { formatCents, type Cents } from '@webpay/contracts/money';
import type { PaymentItem } from '@webpay/contracts/payments';
import { AlertMessage } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { DialogFooter } from '@/components/ui/dialog.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useMessages } from '@/lib/messages.ts';
import { paymentDialogMessages } from '../payments.messages.ts';
import {
  FIELD_ORDER,
  type PaymentFormOutput,
  type PaymentFormValues,
} from '../utils/payment-form.ts';
import type { PaymentProblem } from '../utils/payment-problems.ts';
import { BillingFields } from './billing-fields.tsx';
import { PaymentErrorPanel } from './payment-error-panel.tsx';
import { PaymentMethodFields } from './payment-method-fields.tsx';
import { PaymentSummary } from './payment-summary.tsx';
import { ReceiptEmailFields } from './receipt-email-fields.tsx';

export interface PaymentFormProps {
  form: UseFormReturn<PaymentFormValues, unknown, PaymentFormOutput>;
  items: readonly PaymentItem[];
  totalCents: Cents;
  user: Pick<User, 'email'>;
  claims: Pick<Claims, 'loginType'>;
  /** A request is in flight: nothing may be sent twice. */
  processing: boolean;
  /** The configuration needed to pay has not arrived yet. */
  ready: boolean;
  /** What an eCheck authorization states besides the debit; undefined until the configuration arrives. */
  authorizationSources: AuthorizationSources | undefined;
  problem: PaymentProblem | null;
  onDismissProblem: () => void;
  onRetry: () => void;
  onPay: (values: PaymentFormOutput) => void;
  onCancel: () => void;
  /** Per item, what is already pending on its account. */
  pendingCents?: readonly number[];
  /** Shown under the summary: the question before paying again (decision 0016). */
  question?: ReactNode;
  /** Asked once the form is valid; false keeps the payment from being sent. */
  readyToPay?: () => boolean;
}

/** SPEC §2 Payment dialog, form phase. */
export function PaymentForm(props: PaymentFormProps) {
  const { form, items, totalCents, user, claims, processing, ready, problem } = props;
  const t = useMessages(paymentDialogMessages);
  const [invalidSubmit, setInvalidSubmit] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const { errors } = form.formState;
  const showInvalid = invalidSubmit && Object.keys(errors).length > 0;

  useEffect(() => {
    if (problem) panel.current?.focus();
  }, [problem]);

  const submit = form.handleSubmit(
    (values) => {
      setInvalidSubmit(false);
      if (props.readyToPay && !props.readyToPay()) return;
      props.onPay(values);
    },
    (invalid) => {
      setInvalidSubmit(true);
      // SPEC §5: the first invalid field as the guarantor reads the form, top to bottom.
      const first = FIELD_ORDER.find((name) => invalid[name]);
      if (first) form.setFocus(first);
    },
  );

  const amount = formatCents(totalCents);
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-6">
      {problem && (
        <PaymentErrorPanel
          ref={panel}
          problem={problem}
          onDismiss={props.onDismissProblem}
          onRetry={props.onRetry}
        />
      )}
      <PaymentSummary items={items} pendingCents={props.pendingCents} />
      {props.question}
      <fieldset disabled={processing} className="flex min-w-0 flex-col gap-6">
        <BillingFields form={form} />
        <ReceiptEmailFields form={form} user={user} claims={claims} />
        <PaymentMethodFields
          form={form}
          totalCents={totalCents}
          authorizationSources={props.authorizationSources}
        />
      </fieldset>
      {showInvalid && <AlertMessage variant="danger">{t.formInvalid}</AlertMessage>}
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Lock aria-hidden="true" className="size-4 shrink-0" />
        {t.securityNote}
      </p>
      <DialogFooter>
        <Button type="button" variant="secondary" disabled={processing} onClick={props.onCancel}>
          {t.cancel}
        </Button>
        <Button
          type="submit"
          disabled={processing || !ready || totalCents <= 0}
          aria-busy={processing || undefined}
        >
          {processing && <Spinner />}
          {t.pay(amount)}
        </Button>
      </DialogFooter>
    </form>
  );
}
