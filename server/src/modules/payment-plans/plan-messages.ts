import { formatCentsIn, type Language, type Translation } from '@webpay/contracts/language';
import type { Cents } from '@webpay/contracts/money';

/*
 * What the plans endpoints and the plan's e-mail say, in English and Spanish.
 * Field paths stay as sent; the words follow the reader's language.
 */

const PLAN_WORDS = {
  encounterNotFound: (account: string) => `account ${account} is not one of your open accounts.`,
  encounterTwice: (account: string) => `account ${account} is listed more than once.`,
  noEncounters: 'Choose at least one account with a balance for the plan.',
  balanceTooSmall: (total: string, least: string) =>
    `The accounts chosen add up to ${total}; a payment plan needs at least ${least}.`,
  monthlyTooSmall: (least: string) => `The monthly amount must be at least ${least}.`,
  monthlyAboveBalance: (total: string) =>
    `The monthly amount cannot be more than the plan's balance of ${total}.`,
  tooManyMonths: (months: number, least: string) =>
    `A plan can last at most ${months} months: the monthly amount must be at least ${least}.`,
  methodRequired: 'Choose a saved payment method for autopay.',
  methodNotFound: 'This is not one of your saved payment methods.',
  authorizationChanged:
    'The authorization does not match the plan as it stands now. Please review it again and accept it.',
  planNotFound: 'Payment plan not found.',
  keyReusedTitle: 'Idempotency-Key already used',
  keyReused:
    'This Idempotency-Key was already used for a different payment plan. Send a new key for a new plan.',
  mail: {
    subject: (provider: string, planNumber: string) =>
      `Your payment plan ${planNumber} with ${provider}`,
    heading: 'Your payment plan',
    intro: (planNumber: string) =>
      `Your payment plan ${planNumber} is set up. Here is a copy of the authorization you accepted, for your records.`,
    planNumber: 'Plan number',
    total: 'Amount on the plan',
    monthly: 'Monthly payment',
    payments: 'Number of payments',
    firstDue: 'First payment due',
    autopay: 'Autopay',
    autopayOn: 'On',
    autopayOff: 'Off',
    authorizationIntro: 'The authorization you accepted:',
    note: 'Your plan shows on your dashboard. The billing office confirms it within a few business days.',
  },
} as const;

const PLAN_WORDS_ES: Translation<typeof PLAN_WORDS> = {
  encounterNotFound: (account) => `la cuenta ${account} no es una de sus cuentas abiertas.`,
  encounterTwice: (account) => `la cuenta ${account} aparece más de una vez.`,
  noEncounters: 'Elija al menos una cuenta con saldo para el plan.',
  balanceTooSmall: (total, least) =>
    `Las cuentas elegidas suman ${total}; un plan de pagos requiere al menos ${least}.`,
  monthlyTooSmall: (least) => `El monto mensual debe ser de al menos ${least}.`,
  monthlyAboveBalance: (total) =>
    `El monto mensual no puede ser mayor que el saldo del plan de ${total}.`,
  tooManyMonths: (months, least) =>
    `Un plan puede durar como máximo ${months} meses: el monto mensual debe ser de al menos ${least}.`,
  methodRequired: 'Elija una forma de pago guardada para el pago automático.',
  methodNotFound: 'Este no es uno de sus métodos de pago guardados.',
  authorizationChanged:
    'La autorización no coincide con el plan tal como está ahora. Revísela de nuevo y acéptela.',
  planNotFound: 'No se encontró el plan de pagos.',
  keyReusedTitle: 'Idempotency-Key ya utilizada',
  keyReused:
    'Esta Idempotency-Key ya se usó para otro plan de pagos. Envíe una clave nueva para un plan nuevo.',
  mail: {
    subject: (provider, planNumber) => `Su plan de pagos ${planNumber} con ${provider}`,
    heading: 'Su plan de pagos',
    intro: (planNumber) =>
      `Su plan de pagos ${planNumber} está listo. Esta es una copia de la autorización que aceptó, para sus registros.`,
    planNumber: 'Número de plan',
    total: 'Monto del plan',
    monthly: 'Pago mensual',
    payments: 'Número de pagos',
    firstDue: 'Vence el primer pago',
    autopay: 'Pago automático',
    autopayOn: 'Activado',
    autopayOff: 'Desactivado',
    authorizationIntro: 'La autorización que aceptó:',
    note: 'Su plan aparece en su panel. La oficina de facturación lo confirma en unos días hábiles.',
  },
};

export type PlanWords = typeof PLAN_WORDS;

export function planWords(language: Language): Translation<PlanWords> {
  return language === 'es' ? PLAN_WORDS_ES : PLAN_WORDS;
}

/** Cents as the reader writes money. */
export const moneyIn = (language: Language, cents: Cents) => formatCentsIn(language, cents);
