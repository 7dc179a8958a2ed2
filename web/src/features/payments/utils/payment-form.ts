import { z } from 'zod';
import type { Claims, User } from '@webpay/contracts/auth';
import {
  ACCOUNT_TYPES,
  eCheckSchema,
  payerSchema,
  type ECheck,
  type Payer,
} from '@webpay/contracts/billing';
import { ECHECK_AUTHORIZATION_MESSAGES } from '@webpay/contracts/echeck-authorization';
import type { ECheckAuthorization } from '@webpay/contracts/payments';

/** SPEC §4: the receipt e-mail choice; 'account' exists only when the user has an e-mail. */
export const EMAIL_OPTIONS = ['none', 'account', 'custom'] as const;
export type EmailOption = (typeof EMAIL_OPTIONS)[number];

export const PAYMENT_METHODS = ['card', 'eCheck'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The routing number is exactly nine digits; the account number at most twenty (SPEC §5). */
export const ROUTING_NUMBER_MAX = 9;
export const ACCOUNT_NUMBER_MAX = 20;

const billing = payerSchema.shape;

/**
 * Everything the payment form holds. The billing rules and messages are the
 * contract's own; the e-mail and eCheck rules apply only when chosen.
 */
export const paymentFormSchema = z
  .object({
    firstName: billing.firstName,
    lastName: billing.lastName,
    address: billing.address,
    city: billing.city,
    state: billing.state,
    zipCode: billing.zipCode,
    emailOption: z.enum(EMAIL_OPTIONS),
    customEmail: z.string(),
    saveEmailAsGuarantor: z.boolean(),
    method: z.enum(PAYMENT_METHODS),
    routingNumber: z.string(),
    accountNumber: z.string(),
    accountType: z.enum(ACCOUNT_TYPES),
    /**
     * The eCheck authorization's text as the payer accepted it ('' until they
     * do), which is the one sent: acceptance ends when the text changes.
     */
    acceptedAuthorization: z.string(),
    /** "Save this card for future payments" (issue #25); the consent shown under it is sent with the card start. */
    saveCard: z.boolean(),
  })
  .superRefine((values, ctx) => {
    const issues: { path: PropertyKey[]; message: string }[] = [];
    if (values.emailOption === 'custom') {
      const email = billing.email.safeParse(values.customEmail);
      if (!email.success) {
        issues.push(
          ...email.error.issues.map(({ message }) => ({ path: ['customEmail'], message })),
        );
      }
    }
    if (values.method === 'eCheck') {
      const eCheck = eCheckSchema.safeParse(values);
      if (!eCheck.success) issues.push(...eCheck.error.issues);
      if (values.acceptedAuthorization === '') {
        issues.push({
          path: ['acceptedAuthorization'],
          message: ECHECK_AUTHORIZATION_MESSAGES.required,
        });
      }
    }
    for (const issue of issues) {
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
  });

export type PaymentFormValues = z.input<typeof paymentFormSchema>;
export type PaymentFormOutput = z.output<typeof paymentFormSchema>;
export type PaymentFieldName = keyof PaymentFormValues;

/** Top to bottom, as the form shows them: the first invalid one gets focus. */
export const FIELD_ORDER: readonly PaymentFieldName[] = [
  'firstName',
  'lastName',
  'address',
  'city',
  'state',
  'zipCode',
  'customEmail',
  'routingNumber',
  'accountNumber',
  'acceptedAuthorization',
];

/** SPEC §4: after success the method returns to card and the e-mail choice to its default. */
export function defaultPaymentFormValues(
  user: Pick<User, 'firstName' | 'lastName' | 'email'>,
): PaymentFormValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    address: '',
    city: '',
    state: '',
    zipCode: '',
    emailOption: user.email ? 'account' : 'none',
    customEmail: '',
    saveEmailAsGuarantor: false,
    method: 'card',
    routingNumber: '',
    accountNumber: '',
    accountType: 'CHECKING',
    acceptedAuthorization: '',
    saveCard: false,
  };
}

/**
 * SPEC §5 / §6: only a totp sign-in may save a new e-mail, and only when the
 * typed address is not the one already on the account.
 */
export function canSaveEmail(
  emailOption: EmailOption,
  customEmail: string,
  user: Pick<User, 'email'>,
  claims: Pick<Claims, 'loginType'>,
): boolean {
  if (emailOption !== 'custom' || claims.loginType !== 'totp') return false;
  const typed = customEmail.trim().toLowerCase();
  return typed !== '' && typed !== (user.email ?? '').trim().toLowerCase();
}

/** SPEC §4: none → null, account → the user's e-mail, custom → the typed address. */
export function receiptEmail(
  values: Pick<PaymentFormOutput, 'emailOption' | 'customEmail'>,
  user: Pick<User, 'email'>,
): string | null {
  switch (values.emailOption) {
    case 'none':
      return null;
    case 'account':
      return user.email;
    case 'custom':
      return values.customEmail.trim();
  }
}

export function payerFrom(values: PaymentFormOutput, user: Pick<User, 'email'>): Payer {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    address: values.address,
    city: values.city,
    state: values.state,
    zipCode: values.zipCode,
    email: receiptEmail(values, user),
  };
}

/** The authorization sent with an eCheck: the text the payer accepted, exactly as they read it. */
export function authorizationFrom(values: PaymentFormOutput): ECheckAuthorization {
  return { accepted: true, text: values.acceptedAuthorization };
}

export function eCheckFrom(values: PaymentFormOutput): ECheck {
  return {
    routingNumber: values.routingNumber.trim(),
    accountNumber: values.accountNumber.trim(),
    accountType: values.accountType,
  };
}

/** SPEC §5: routing and account numbers take digits only, up to their length. */
export function digitsOnly(value: string, max: number): string {
  return value.replace(/\D/g, '').slice(0, max);
}
