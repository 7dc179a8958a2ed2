import { z } from 'zod';
import type { User } from '@webpay/contracts/auth';
import {
  ACCOUNT_TYPES,
  eCheckSchema,
  payerSchema,
  type ECheck,
  type Payer,
} from '@webpay/contracts/billing';
import {
  PAYMENT_METHOD_KINDS,
  PAYMENT_METHOD_MESSAGES,
  type PaymentMethod,
  type PaymentMethodKind,
} from '@webpay/contracts/payment-methods';

const billing = payerSchema.shape;

/**
 * What the add-a-method dialogs hold: the name and address with the
 * contract's own rules and messages, the consent box, and for a bank
 * account the eCheck rules of a payment (without its debit authorization).
 */
export const addMethodFormSchema = z
  .object({
    kind: z.enum(PAYMENT_METHOD_KINDS),
    firstName: billing.firstName,
    lastName: billing.lastName,
    address: billing.address,
    city: billing.city,
    state: billing.state,
    zipCode: billing.zipCode,
    routingNumber: z.string(),
    accountNumber: z.string(),
    accountType: z.enum(ACCOUNT_TYPES),
    /** Ticked: the consent shown is accepted. */
    consent: z.boolean().refine((accepted) => accepted, PAYMENT_METHOD_MESSAGES.consentRequired),
  })
  .superRefine((values, ctx) => {
    if (values.kind !== 'bank') return;
    const bank = eCheckSchema.safeParse(values);
    for (const issue of bank.success ? [] : bank.error.issues) {
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
  });

export type AddMethodFormValues = z.input<typeof addMethodFormSchema>;
export type AddMethodFormOutput = z.output<typeof addMethodFormSchema>;

/** Top to bottom, as the dialogs show them: the first invalid one gets focus. */
export const ADD_METHOD_FIELD_ORDER = [
  'firstName',
  'lastName',
  'address',
  'city',
  'state',
  'zipCode',
  'routingNumber',
  'accountNumber',
  'consent',
] as const satisfies readonly (keyof AddMethodFormValues)[];

export function defaultAddMethodValues(
  kind: PaymentMethodKind,
  user: Pick<User, 'firstName' | 'lastName'> | undefined,
): AddMethodFormValues {
  return {
    kind,
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    address: '',
    city: '',
    state: '',
    zipCode: '',
    routingNumber: '',
    accountNumber: '',
    accountType: 'CHECKING',
    consent: false,
  };
}

/** The payer the service keeps with the method; no receipt goes anywhere. */
export function payerOf(values: AddMethodFormOutput): Payer {
  const { firstName, lastName, address, city, state, zipCode } = values;
  return { firstName, lastName, address, city, state, zipCode, email: null };
}

/** The account as the service takes it. */
export function bankAccountOf(values: AddMethodFormOutput): ECheck {
  return {
    routingNumber: values.routingNumber.trim(),
    accountNumber: values.accountNumber.trim(),
    accountType: values.accountType,
  };
}

/** The other live methods that could take over a removed one's uses. */
export function replacementsFor(
  methods: readonly PaymentMethod[],
  removed: PaymentMethod,
): PaymentMethod[] {
  return methods.filter((method) => method.id !== removed.id && !method.expired);
}

/** SPEC §5: routing and account numbers take digits only, up to their length. */
export function digitsOnly(value: string, max: number): string {
  return value.replace(/\D/g, '').slice(0, max);
}
