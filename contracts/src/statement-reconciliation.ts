import { z } from 'zod';
import { isoDateSchema } from './dates.ts';
import { formatCentsIn, type Language, type Translation } from './language.ts';
import { DASHBOARD_LABELS, DASHBOARD_LABELS_ES } from './messages.ts';
import { dollarAmountSchema, toCents, type Cents } from './money.ts';

/*
 * How a statement's amount due squares with what the dashboard asks for now
 * (decision 0010). A statement counts every balance on its date, those in
 * payment plans too; the dashboard's Hospitals & Clinics tab asks for the
 * balances outside plans and each plan's payment due. The service works the
 * figures out; both the portal and the PDF print them with these words.
 *
 *   amount due − in payment plans + plan payments due + other changes = due now
 *
 * Payments in process are already received but not applied, so neither
 * amount has them subtracted yet; they are told apart from the sum.
 */

export const statementReconciliationSchema = z
  .object({
    /** The facility's day the dashboard's figures were read on. */
    asOf: isoDateSchema,
    /** The statement's lines whose encounter is now in an open payment plan, at their statement balance. */
    inPaymentPlans: dollarAmountSchema,
    /** Each open plan's due and overdue amounts, as the dashboard asks for them. */
    planPaymentsDue: dollarAmountSchema,
    /** New bills, adjustments and applied payments since the statement date; negative when they lowered it. */
    otherChanges: z.number().multipleOf(0.01).meta({
      description: 'US dollars with at most two decimals; negative when it lowered what is owed',
    }),
    /** The Hospitals & Clinics tab's Total Outstanding now. */
    dueNow: dollarAmountSchema,
    /** Payments made after the statement date toward the Hospitals & Clinics tab, received but not yet applied. */
    paymentsInProcess: dollarAmountSchema,
  })
  .meta({ id: 'StatementReconciliation' });
export type StatementReconciliation = z.infer<typeof statementReconciliationSchema>;

export type ReconciliationLineKey =
  'amountDue' | 'inPaymentPlans' | 'planPaymentsDue' | 'otherChanges' | 'dueNow';

export interface ReconciliationLine {
  key: ReconciliationLineKey;
  /** Never negative: the sign says which way it goes. */
  cents: Cents;
  sign: 'minus' | 'plus' | 'none';
}

/**
 * The comparison top to bottom, from the statement's amount due to what is
 * due now. A step of $0.00 is left out (a guarantor without plans sees no
 * plan lines); the first and last lines always show.
 */
export function reconciliationLines(
  amountDue: number,
  reconciliation: StatementReconciliation,
): ReconciliationLine[] {
  const step = (key: ReconciliationLineKey, cents: Cents): ReconciliationLine[] =>
    cents === 0 ? [] : [{ key, cents: Math.abs(cents), sign: cents < 0 ? 'minus' : 'plus' }];
  return [
    { key: 'amountDue', cents: toCents(amountDue), sign: 'none' },
    ...step('inPaymentPlans', -toCents(reconciliation.inPaymentPlans)),
    ...step('planPaymentsDue', toCents(reconciliation.planPaymentsDue)),
    ...step('otherChanges', toCents(reconciliation.otherChanges)),
    { key: 'dueNow', cents: toCents(reconciliation.dueNow), sign: 'none' },
  ];
}

/** `-$2,120.00`, `+$305.00` or `$1,865.45`: a plain hyphen-minus, which the PDF fonts print too. */
export function reconciliationAmountIn(language: Language, line: ReconciliationLine): string {
  const amount = formatCentsIn(language, line.cents);
  if (line.sign === 'minus') return `-${amount}`;
  return line.sign === 'plus' ? `+${amount}` : amount;
}

export const STATEMENT_RECONCILIATION_MESSAGES = {
  heading: 'How this statement compares with your dashboard',
  intro: (statementDate: string, today: string) =>
    `This statement shows your balances on ${statementDate}. Your dashboard shows what is due today, ${today}.`,
  lines: {
    amountDue: 'Amount due on this statement',
    inPaymentPlans: "In payment plans, paid through the plans' monthly payments",
    planPaymentsDue: 'Plan payments due now, overdue amounts included',
    otherChanges: 'Changes since the statement: new charges, adjustments and payments applied',
    dueNow: `Due now on your dashboard (${DASHBOARD_LABELS.mainTab})`,
  },
  paymentsInProcess: (amount: string, statementDate: string) =>
    `We have received ${amount} in payments made after ${statementDate}. That amount is being processed and is not yet subtracted from the amounts above.`,
} as const;

export const STATEMENT_RECONCILIATION_MESSAGES_ES: Translation<
  typeof STATEMENT_RECONCILIATION_MESSAGES
> = {
  heading: 'Cómo se compara este estado de cuenta con su Panel',
  intro: (statementDate, today) =>
    `Este estado de cuenta muestra sus saldos al ${statementDate}. Su Panel muestra lo que debe pagar hoy, ${today}.`,
  lines: {
    amountDue: 'Monto a pagar de este estado de cuenta',
    inPaymentPlans: 'En planes de pagos, que se cubren con los pagos mensuales de cada plan',
    planPaymentsDue: 'Pagos de planes a pagar ahora, incluidos los montos atrasados',
    otherChanges: 'Cambios desde el estado de cuenta: cargos nuevos, ajustes y pagos aplicados',
    dueNow: `A pagar ahora según su Panel (${DASHBOARD_LABELS_ES.mainTab})`,
  },
  paymentsInProcess: (amount, statementDate) =>
    `Recibimos ${amount} en pagos hechos después del ${statementDate}. Ese monto está en proceso y todavía no se descuenta de los montos anteriores.`,
};
