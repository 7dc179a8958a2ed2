import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ERROR_CODES } from '@webpay/contracts/error-codes';
import type { PaymentMethod } from '@webpay/contracts/payment-methods';
import type { ApiResult } from '@/lib/api-client.ts';
import { useMessages } from '@/lib/messages.ts';
import { accountTypeMessages } from '@/lib/payments/payment-words.messages.ts';
import { savedMethodsQueryKey } from '@/lib/recurring/saved-methods.ts';
import { makeDefaultMethod, removeMethod } from '../api/payment-methods-api.ts';
import { paymentMethodsMessages } from '../payment-methods.messages.ts';
import { methodLabel } from '../utils/method-label.ts';

export type RemoveOutcome = 'removed' | 'inUse' | 'failed';

/** Refetches the list and says, in a toast, how a change went. */
export function useMethodChanges() {
  const t = useMessages(paymentMethodsMessages);
  const accountTypes = useMessages(accountTypeMessages);
  const queryClient = useQueryClient();
  const [changingId, setChangingId] = useState<string | null>(null);
  const label = (method: PaymentMethod) => methodLabel(method, t, accountTypes);

  const refresh = () => queryClient.invalidateQueries({ queryKey: savedMethodsQueryKey });

  const failed = (result: ApiResult<unknown>) => {
    if (result.error) toast.error(result.error.title);
  };

  const makeDefault = async (method: PaymentMethod) => {
    setChangingId(method.id);
    const result = await makeDefaultMethod(method.id);
    setChangingId(null);
    if (result.error) return failed(result);
    toast.success(t.defaultChanged(label(method)));
    await refresh();
  };

  /** Removes the method, moving its uses to `replacementId` when given. */
  const remove = async (method: PaymentMethod, replacementId?: string): Promise<RemoveOutcome> => {
    setChangingId(method.id);
    const result = await removeMethod(method.id, replacementId);
    setChangingId(null);
    if (result.error) {
      if (result.error.code === ERROR_CODES.paymentMethodInUse && !replacementId) return 'inUse';
      failed(result);
      return 'failed';
    }
    toast.success(t.removed(label(method)));
    await refresh();
    return 'removed';
  };

  /** A method was added: say so and show it in the list. */
  const added = async (method: PaymentMethod) => {
    toast.success(method.kind === 'card' ? t.cardSaved(label(method)) : t.bankSaved(label(method)));
    await refresh();
  };

  return { changingId, makeDefault, remove, added, label };
}
