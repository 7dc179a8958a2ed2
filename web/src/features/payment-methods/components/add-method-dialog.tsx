import type { ComponentType } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { PaymentMethod, PaymentMethodKind } from '@webpay/contracts/payment-methods';
import { AlertMessage } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useMessages } from '@/lib/messages.ts';
import { useAddMethod } from '../hooks/use-add-method.ts';
import { paymentMethodsMessages } from '../payment-methods.messages.ts';
import type { OpenCardWindow } from '../utils/card-window.ts';
import type { AddMethodFormOutput, AddMethodFormValues } from '../utils/method-forms.ts';
import { BankAccountFields } from './bank-account-fields.tsx';
import { ConsentField } from './consent-field.tsx';

export type AddMethodForm = UseFormReturn<AddMethodFormValues, unknown, AddMethodFormOutput>;

/** The payment dialog's name-and-address fields, handed in by the route (features do not import each other). */
export type BillingFieldsComponent = ComponentType<{ form: AddMethodForm }>;

export interface AddMethodDialogProps {
  /** What is being added; null keeps the dialog closed. */
  kind: PaymentMethodKind | null;
  billingFields: BillingFieldsComponent;
  openCardWindow: OpenCardWindow;
  onSaved: (method: PaymentMethod) => void;
  onClose: () => void;
}

/** "Add a card" or "Add a bank account for autopay". */
export function AddMethodDialog({ kind, ...props }: AddMethodDialogProps) {
  if (!kind) return null;
  return <OpenAddMethodDialog key={kind} kind={kind} {...props} />;
}

function OpenAddMethodDialog({
  kind,
  billingFields: BillingFields,
  openCardWindow,
  onSaved,
  onClose,
}: AddMethodDialogProps & { kind: PaymentMethodKind }) {
  const t = useMessages(paymentMethodsMessages);
  const { form, consent, submit, status, windowOpen, savingBank, busy, problem, showInvalid } =
    useAddMethod({ kind, openCardWindow, onSaved });

  return (
    <Dialog
      open
      // The card window is the processor's own overlay; a modal dialog would trap its focus and clicks.
      modal={!windowOpen}
      onOpenChange={(open) => !open && !busy && onClose()}
    >
      <DialogContent
        className="max-w-xl"
        hideClose={busy}
        aria-busy={busy || undefined}
        onEscapeKeyDown={(event) => busy && event.preventDefault()}
        // Typed details are not thrown away by a stray tap beside the dialog.
        onInteractOutside={(event) => event.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>{kind === 'card' ? t.addCardTitle : t.addBankTitle}</DialogTitle>
          <DialogDescription>{kind === 'card' ? t.addCardText : t.addBankText}</DialogDescription>
        </DialogHeader>
        <p role="status" className={status ? 'flex items-center gap-2 py-6 text-base' : 'sr-only'}>
          {status && <Spinner className="size-6 text-brand" />}
          {status}
        </p>
        {!status && (
          <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-6">
            {problem && <AlertMessage variant="danger">{problem}</AlertMessage>}
            <fieldset disabled={busy} className="flex min-w-0 flex-col gap-6">
              <BillingFields form={form} />
              {kind === 'bank' && <BankAccountFields form={form} />}
              <ConsentField form={form} text={consent} />
            </fieldset>
            {showInvalid && <AlertMessage variant="danger">{t.formInvalid}</AlertMessage>}
            <DialogFooter>
              <Button type="button" variant="secondary" disabled={busy} onClick={onClose}>
                {t.cancel}
              </Button>
              <Button type="submit" disabled={busy || consent === ''} aria-busy={busy || undefined}>
                {busy && <Spinner />}
                {kind === 'card' ? t.continueToCardWindow : savingBank ? t.saving : t.saveBank}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
