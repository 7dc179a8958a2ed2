import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { AuthorizedMethod } from '@webpay/contracts/payment-plans';
import {
  PAYMENT_METHOD_PATHS,
  paymentMethodListSchema,
  savedMethodName,
  type PaymentMethod,
  type PaymentMethodList,
} from '@webpay/contracts/payment-methods';
import { api, unwrap, type ApiResult } from '@/lib/api-client.ts';
import { useMessages } from '@/lib/messages.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { useLanguage } from '@/lib/language.ts';
import { savedMethodMessages } from './saved-methods.messages.ts';

/*
 * The guarantor's saved payment methods, as plan setup and autopay choose
 * from them. Kept under the payments key, so signing out clears them.
 */

export const savedMethodsQueryKey = [...queryKeys.payments, 'methods'] as const;

export function getSavedMethods(signal?: AbortSignal): Promise<ApiResult<PaymentMethodList>> {
  return api.get(PAYMENT_METHOD_PATHS.list, paymentMethodListSchema, { signal });
}

export const savedMethodsQueryOptions = () =>
  queryOptions({
    queryKey: savedMethodsQueryKey,
    queryFn: async ({ signal }) => unwrap(await getSavedMethods(signal)),
  });

export function useSavedMethods() {
  return useQuery(savedMethodsQueryOptions());
}

/** Methods that can still be charged: an expired card cannot carry autopay. */
export function chargeableMethods(methods: readonly PaymentMethod[]): PaymentMethod[] {
  return methods.filter((method) => !method.expired);
}

/** The default method when it can be charged, else the first that can. */
export function preferredMethodId(methods: readonly PaymentMethod[]): string {
  const usable = chargeableMethods(methods);
  return (usable.find((method) => method.isDefault) ?? usable[0])?.id ?? '';
}

/** A method as an authorization names it. */
export function authorizedMethod(method: PaymentMethod): AuthorizedMethod {
  return { kind: method.kind, brand: method.brand, last4: method.last4 };
}

/** "Visa card ending in 1111" in the reader's language; ids not found read as removed. */
export function useMethodLabel(
  methods: readonly PaymentMethod[] | undefined,
): (id: string | null) => string {
  const t = useMessages(savedMethodMessages);
  const language = useLanguage();
  return useCallback(
    (id: string | null) => {
      const method = methods?.find((candidate) => candidate.id === id);
      return method ? savedMethodName(language, method) : t.unknown;
    },
    [methods, t, language],
  );
}
