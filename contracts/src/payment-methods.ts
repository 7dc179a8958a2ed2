import { z } from 'zod';
import { eCheckSchema, payerSchema } from './billing.ts';
import { isoDateSchema, isoDateTimeSchema } from './dates.ts';
import type { Language, Translation } from './language.ts';
import { plainText } from './plain-text.ts';

/*
 * Saved payment methods (issue #25): cards kept only as the processor's
 * tokens with brand, last four and expiry; bank accounts for autopay kept
 * sealed (AES-256-GCM) and never shown whole. Paths are relative to
 * SERVICE_BASE_PATH and need a signed-in guarantor.
 */

export const PAYMENT_METHOD_PATHS = {
  /** GET: the guarantor's saved methods, default first. */
  list: '/payment-methods',
  /** POST StoredCredentialConsent (Idempotency-Key): opens the processor's window to add a card (ccgettoken with verification). */
  cardSetup: '/payment-methods/card',
  /** PUT CardSetupCompletion: the window's answer, checked with the processor; answers the saved PaymentMethod. */
  cardSetupCompletion: (setupId: string) => `/payment-methods/card/${encodeURIComponent(setupId)}`,
  /** POST BankAccountRequest: a bank account for autopay; answers the saved PaymentMethod. */
  bank: '/payment-methods/bank',
  /** PUT: makes this method the default. */
  makeDefault: (id: string) => `/payment-methods/${encodeURIComponent(id)}/default`,
  /** DELETE RemoveMethodRequest: refused (409 PAYMENT_METHOD_IN_USE) while a plan or autopay uses it, unless replaced. */
  remove: (id: string) => `/payment-methods/${encodeURIComponent(id)}`,
} as const;

/**
 * An id or plan number in a path: letters, digits, - and _ only, so that no
 * value ("." or "..") can change which route a URL names.
 */
export const pathKeySchema = plainText()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be letters, digits, - or _');

export const PAYMENT_METHOD_KINDS = ['card', 'bank'] as const;
export type PaymentMethodKind = (typeof PAYMENT_METHOD_KINDS)[number];

const CARD_BRAND_NAMES: Record<string, string> = {
  VISA: 'Visa',
  MC: 'Mastercard',
  MASTERCARD: 'Mastercard',
  DISC: 'Discover',
  DISCOVER: 'Discover',
  AMEX: 'American Express',
};

/** A card brand as people write it: VISA → Visa, MC → Mastercard; an unknown one as given. */
export function cardBrandName(brand: string): string {
  return CARD_BRAND_NAMES[brand.toUpperCase()] ?? brand;
}

/** Enough of a saved method to name it. */
export interface NamedMethod {
  kind: PaymentMethodKind;
  /** Card brand, or CHECKING / SAVINGS. */
  brand: string;
  last4: string;
}

const METHOD_NAMES = {
  card: (brand: string, last4: string) => `${brand} card ending in ${last4}`,
  bank: (savings: boolean, last4: string) =>
    `${savings ? 'Savings' : 'Checking'} account ending in ${last4}`,
} as const;

const METHOD_NAMES_ES: Translation<typeof METHOD_NAMES> = {
  card: (brand, last4) => `Tarjeta ${brand} terminada en ${last4}`,
  bank: (savings, last4) => `Cuenta ${savings ? 'de ahorros' : 'de cheques'} terminada en ${last4}`,
};

/** A saved method as the portal, the console and e-mails name it: "Visa card ending in 1111". */
export function savedMethodName(language: Language, method: NamedMethod): string {
  const words = language === 'es' ? METHOD_NAMES_ES : METHOD_NAMES;
  return method.kind === 'card'
    ? words.card(cardBrandName(method.brand), method.last4)
    : words.bank(method.brand === 'SAVINGS', method.last4);
}

/** A card whose expiry month ends within this many days is flagged "expires soon". */
export const CARD_EXPIRY_WARNING_DAYS = 45;

/** What uses a method: a plan's autopay, or autopay on statements. */
export const methodUseSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('plan'), planNumber: z.string(), planVersion: z.number().int() }),
  z.object({ kind: z.literal('statement_autopay') }),
]);
export type MethodUse = z.infer<typeof methodUseSchema>;

export const paymentMethodSchema = z
  .object({
    id: z.string(),
    kind: z.enum(PAYMENT_METHOD_KINDS),
    /** Card brand as the processor names it (VISA, MC, DISC, AMEX); for a bank account CHECKING or SAVINGS. */
    brand: z.string(),
    last4: z.string().regex(/^\d{4}$/),
    /** Cards: MM/YY. */
    expiry: z.string().nullable(),
    /** Cards: the last day the card can be charged (end of its expiry month). */
    expiresOn: isoDateSchema.nullable(),
    expiringSoon: z.boolean(),
    expired: z.boolean(),
    holderName: z.string(),
    isDefault: z.boolean(),
    usedBy: z.array(methodUseSchema),
    createdAt: isoDateTimeSchema,
  })
  .meta({ id: 'PaymentMethod' });
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const paymentMethodListSchema = z
  .object({ methods: z.array(paymentMethodSchema) })
  .meta({ id: 'PaymentMethodList' });
export type PaymentMethodList = z.infer<typeof paymentMethodListSchema>;

// ------------------------------------------------- stored-credential consent

/**
 * The consent a cardholder gives to have a card stored for later payments
 * (the card networks' stored-credential framework asks for it at the first,
 * customer-initiated transaction). The portal shows it; the service words it
 * again and keeps it with the method only when the two are the same.
 */
export interface StoredCredentialTerms {
  payee: string;
  billingOfficePhone: string;
}

const CONSENT_WORDING = {
  card: (payee: string, phone: string) =>
    `I authorize ${payee} to store this card and to charge it only for payments I authorize in the portal, including payment plan instalments and autopay I turn on. Each of those states its amounts and dates before any charge. I can remove the card under Payment Methods, or by calling the billing office at ${phone}, at any time.`,
  bank: (payee: string, phone: string) =>
    `I authorize ${payee} to keep this bank account on file and to debit it (ACH) only for payment plan instalments and autopay I turn on in the portal. Each of those states its amounts and dates before any debit. I can remove the account under Payment Methods, or by calling the billing office at ${phone}, at any time.`,
} as const;

const CONSENT_WORDING_ES: Translation<typeof CONSENT_WORDING> = {
  card: (payee, phone) =>
    `Autorizo a ${payee} a guardar esta tarjeta y a cobrarle solo los pagos que yo autorice en el portal, incluidas las cuotas de un plan de pagos y el pago automático que yo active. Cada uno indica sus montos y fechas antes de cualquier cobro. Puedo quitar la tarjeta en Formas de pago, o llamando a la oficina de facturación al ${phone}, en cualquier momento.`,
  bank: (payee, phone) =>
    `Autorizo a ${payee} a guardar esta cuenta bancaria y a debitarla (ACH) solo para las cuotas de un plan de pagos y el pago automático que yo active en el portal. Cada uno indica sus montos y fechas antes de cualquier débito. Puedo quitar la cuenta en Formas de pago, o llamando a la oficina de facturación al ${phone}, en cualquier momento.`,
};

/** The consent to store a method, in a language. */
export function storedCredentialConsentText(
  language: Language,
  kind: PaymentMethodKind,
  terms: StoredCredentialTerms,
): string {
  const words = language === 'es' ? CONSENT_WORDING_ES : CONSENT_WORDING;
  return words[kind](terms.payee, terms.billingOfficePhone);
}

export const PAYMENT_METHOD_MESSAGES = {
  consentRequired: 'Please accept the terms to save this payment method',
  consentTextRequired: 'The text of the accepted terms is required',
} as const;

export const PAYMENT_METHOD_MESSAGES_ES: Translation<typeof PAYMENT_METHOD_MESSAGES> = {
  consentRequired: 'Acepte las condiciones para guardar esta forma de pago',
  consentTextRequired: 'Se requiere el texto de las condiciones aceptadas',
};

/** A consent as the portal sends it: accepted, in the words it showed. */
export const storedCredentialConsentSchema = z
  .object(
    {
      accepted: z.literal(true, { error: PAYMENT_METHOD_MESSAGES.consentRequired }),
      text: z
        .string({ error: PAYMENT_METHOD_MESSAGES.consentTextRequired })
        .min(1, PAYMENT_METHOD_MESSAGES.consentTextRequired)
        .max(2000),
    },
    { error: PAYMENT_METHOD_MESSAGES.consentRequired },
  )
  .meta({ id: 'StoredCredentialConsent' });
export type StoredCredentialConsent = z.infer<typeof storedCredentialConsentSchema>;

/** POST /payment-methods/card. */
export const cardSetupRequestSchema = z
  .object({ payer: payerSchema, consent: storedCredentialConsentSchema })
  .meta({ id: 'CardSetupRequest' });
export type CardSetupRequest = z.input<typeof cardSetupRequestSchema>;

/** The processor's window session for adding a card. */
export const cardSetupResponseSchema = z
  .object({ setupId: z.string(), token: z.string() })
  .meta({ id: 'CardSetupResponse' });
export type CardSetupResponse = z.infer<typeof cardSetupResponseSchema>;

/** PUT /payment-methods/card/{setupId}: the window's answer (ssl_token and the masked card). */
export const cardSetupCompletionSchema = z
  .object({ convergeResponse: z.record(z.string(), z.string()) })
  .meta({ id: 'CardSetupCompletion' });
export type CardSetupCompletion = z.infer<typeof cardSetupCompletionSchema>;

/** POST /payment-methods/bank. */
export const bankAccountRequestSchema = z
  .object({
    payer: payerSchema,
    eCheck: eCheckSchema,
    consent: storedCredentialConsentSchema,
  })
  .meta({ id: 'BankAccountRequest' });
export type BankAccountRequest = z.input<typeof bankAccountRequestSchema>;

/** DELETE /payment-methods/{id}: what takes its place where it is used. */
export const removeMethodRequestSchema = z
  .object({ replacementId: z.string().min(1).max(64).optional() })
  .meta({ id: 'RemoveMethodRequest' });
export type RemoveMethodRequest = z.infer<typeof removeMethodRequestSchema>;

/** The last day a card expiring MMYY can be charged. */
export function cardExpiresOn(expiryMmyy: string): string {
  const month = Number(expiryMmyy.slice(0, 2));
  const year = 2000 + Number(expiryMmyy.slice(2, 4));
  const last = new Date(Date.UTC(year, month, 0));
  return last.toISOString().slice(0, 10);
}
