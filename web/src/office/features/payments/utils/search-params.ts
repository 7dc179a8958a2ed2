import { isoDateSchema } from '@webpay/contracts/dates';
import {
  DESK_PAYMENT_STATUSES,
  PAYMENT_METHODS,
  parseDollarsToCents,
  type DeskPaymentStatus,
} from '@webpay/contracts/payment-desk';

/** "Find a payment" as the address and the form hold it: text as typed, empty ones left out. */
export interface PaymentSearch {
  receipt?: string;
  from?: string;
  to?: string;
  /** Dollars as typed ("25.00"); the service reads them the same way. */
  amount?: string;
  last4?: string;
  method?: (typeof PAYMENT_METHODS)[number];
  status?: DeskPaymentStatus;
  facility?: string;
}

export const SEARCH_FIELDS = [
  'receipt',
  'from',
  'to',
  'amount',
  'last4',
  'method',
  'status',
  'facility',
] as const satisfies readonly (keyof PaymentSearch)[];

type Check = (value: string) => boolean;

/** Each field's own rule from the contract; the checks across fields are the form's. */
const CHECKS: Record<keyof PaymentSearch, Check> = {
  receipt: (value) => value.length <= 40,
  from: (value) => isoDateSchema.safeParse(value).success,
  to: (value) => isoDateSchema.safeParse(value).success,
  amount: (value) => (parseDollarsToCents(value) ?? 0) > 0,
  last4: (value) => /^\d{4}$/.test(value),
  method: (value) => (PAYMENT_METHODS as readonly string[]).includes(value),
  status: (value) => (DESK_PAYMENT_STATUSES as readonly string[]).includes(value),
  facility: (value) => value.length <= 10,
};

/**
 * The search in the address, so results can be linked and Back works; a
 * value that could not be asked for (edited by hand) is dropped.
 */
export function paymentSearch(search: Record<string, unknown>): PaymentSearch {
  const kept: Record<string, string> = {};
  for (const field of SEARCH_FIELDS) {
    const raw = search[field];
    // The router reads "2026" or "1234" from the address as numbers.
    const value = typeof raw === 'number' ? String(raw) : raw;
    if (typeof value !== 'string' || value.trim() === '') continue;
    if (CHECKS[field](value.trim())) kept[field] = value.trim();
  }
  return kept as PaymentSearch;
}

export function hasCriteria(search: PaymentSearch): boolean {
  return SEARCH_FIELDS.some((field) => search[field] !== undefined);
}

/** The search as the service's query string, in the fields' order so equal searches share a cache entry. */
export function searchQueryString(search: PaymentSearch): string {
  const params = new URLSearchParams();
  for (const field of SEARCH_FIELDS) {
    const value = search[field];
    if (value !== undefined) params.set(field, value);
  }
  return params.toString();
}
