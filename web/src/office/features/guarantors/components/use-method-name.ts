import { useCallback } from 'react';
import type { GuarantorRecurring } from '@webpay/contracts/office-recurring';
import { savedMethodName } from '@webpay/contracts/payment-methods';
import { useLanguage } from '@/lib/language.ts';
import { useMessages } from '@/lib/messages.ts';
import { recurringMessages } from '../recurring.messages.ts';

/** A saved method by its id, as staff read it: "Visa card ending in 4421" (never more). */
export function useMethodName(methods: GuarantorRecurring['methods']) {
  const t = useMessages(recurringMessages);
  const language = useLanguage();
  return useCallback(
    (id: string | null) => {
      const method = methods.find((each) => each.id === id);
      return method ? savedMethodName(language, method) : t.unknownMethod;
    },
    [methods, t, language],
  );
}
