import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { PaymentMethod, PaymentMethodKind } from '@webpay/contracts/payment-methods';
import { useAppConfig } from '@/config/get-app-config.ts';
import { useMessages } from '@/lib/messages.ts';
import { useConsentText } from '@/lib/payments/stored-credential.ts';
import { useSession } from '@/lib/session.ts';
import { addBankAccount } from '../api/payment-methods-api.ts';
import { paymentMethodsMessages } from '../payment-methods.messages.ts';
import type { OpenCardWindow } from '../utils/card-window.ts';
import {
  ADD_METHOD_FIELD_ORDER,
  addMethodFormSchema,
  bankAccountOf,
  defaultAddMethodValues,
  payerOf,
  type AddMethodFormOutput,
  type AddMethodFormValues,
} from '../utils/method-forms.ts';
import { useCardSetup } from './use-card-setup.ts';

/**
 * The add-a-method form and what sending it does: a bank account is saved
 * at once; a card goes through the processor's window first.
 */
export function useAddMethod({
  kind,
  openCardWindow,
  onSaved,
}: {
  kind: PaymentMethodKind;
  openCardWindow: OpenCardWindow;
  onSaved: (method: PaymentMethod) => void;
}) {
  const t = useMessages(paymentMethodsMessages);
  const config = useAppConfig().data;
  const user = useSession()?.user;
  const consent = useConsentText(kind);
  const form = useForm<AddMethodFormValues, unknown, AddMethodFormOutput>({
    resolver: zodResolver(addMethodFormSchema),
    defaultValues: defaultAddMethodValues(kind, user),
    mode: 'onChange',
    shouldFocusError: false,
  });
  const card = useCardSetup({ cardProcessor: config?.cardProcessor, openCardWindow, onSaved });
  const [savingBank, setSavingBank] = useState(false);
  const [bankProblem, setBankProblem] = useState<string | null>(null);
  const [invalidSubmit, setInvalidSubmit] = useState(false);

  const saveBank = async (values: AddMethodFormOutput) => {
    setSavingBank(true);
    setBankProblem(null);
    const saved = await addBankAccount({
      payer: payerOf(values),
      eCheck: bankAccountOf(values),
      consent: { accepted: true, text: consent },
    });
    setSavingBank(false);
    if (saved.error) return setBankProblem(saved.error.title);
    onSaved(saved.data);
  };

  const submit = form.handleSubmit(
    (values) => {
      setInvalidSubmit(false);
      const accepted = { accepted: true as const, text: consent };
      if (kind === 'bank') return saveBank(values);
      return card.start({ payer: payerOf(values), consent: accepted });
    },
    (errors) => {
      setInvalidSubmit(true);
      // The first invalid field as the guarantor reads the form, top to bottom.
      const first = ADD_METHOD_FIELD_ORDER.find((name) => errors[name]);
      if (first) form.setFocus(first);
    },
  );

  const status =
    card.phase === 'checking'
      ? t.checkingCard
      : card.phase === 'starting' || card.phase === 'window'
        ? t.openingCardWindow
        : '';
  return {
    form,
    consent,
    submit,
    status,
    /** The processor's window is open: the dialog must not trap its focus. */
    windowOpen: card.phase === 'window',
    savingBank,
    busy: savingBank || card.phase !== 'form',
    problem: kind === 'bank' ? bankProblem : card.problem,
    showInvalid: invalidSubmit && Object.keys(form.formState.errors).length > 0,
  };
}
