import type { Language, Translation } from '@webpay/contracts/language';
import {
  STATEMENT_RECONCILIATION_MESSAGES,
  STATEMENT_RECONCILIATION_MESSAGES_ES,
} from '@webpay/contracts/statement-reconciliation';
import { STATEMENT_STATUS_LABELS, STATEMENT_STATUS_LABELS_ES } from '@webpay/contracts/statements';

/*
 * The words printed on a statement PDF, per language. Column titles and the
 * labels beside the facts are kept short: the layout gives them fixed widths.
 */

export const STATEMENT_PDF_MESSAGES_EN = {
  title: 'Statement',
  documentTitle: (date: string) => `Statement of ${date}`,
  questions: (phone: string) => `Questions? Call ${phone}`,
  orEmail: (email: string) => `or e-mail ${email}`,
  guarantor: 'Guarantor',
  accountNumber: 'Account number',
  statementDate: 'Statement date',
  dueDate: 'Due date',
  status: 'Status',
  statuses: STATEMENT_STATUS_LABELS,
  amountDue: 'Amount due',
  payBy: (date: string) => `Please pay by ${date}`,
  continued: (date: string, account: string) =>
    `Statement of ${date}, account ${account} (continued)`,
  columns: {
    serviceDate: 'Service date',
    account: 'Account',
    patient: 'Patient',
    description: 'Description',
    charges: 'Charges',
    payments: 'Payments',
    adjustments: 'Adjustments',
    balance: 'Balance',
  },
  noActivity: 'No activity in this statement period.',
  totals: 'Totals',
  amountDueBy: (date: string, amount: string) => `Amount due by ${date}: ${amount}`,
  payOnline: (portal: string, phone: string) => `Pay online at ${portal}, or call ${phone}.`,
  assistance: {
    heading: 'Need help paying? Financial assistance',
    body: (address: string, phone: string) =>
      `If you cannot pay this bill, you may qualify for free or discounted care under our financial assistance policy. Read the policy, a plain-language summary and how to apply at ${address}, or call ${phone} for a free paper copy. While an application is open, we do not send your account to collections.`,
  },
  /** The same words as the portal's statement dialog. */
  reconciliation: STATEMENT_RECONCILIATION_MESSAGES,
  page: (page: number, pages: number) => `Page ${page} of ${pages}`,
} as const;

export type StatementPdfMessages = Translation<typeof STATEMENT_PDF_MESSAGES_EN>;

export const STATEMENT_PDF_MESSAGES_ES: StatementPdfMessages = {
  title: 'Estado de cuenta',
  documentTitle: (date) => `Estado de cuenta del ${date}`,
  questions: (phone) => `¿Preguntas? Llame al ${phone}`,
  orEmail: (email) => `o escriba a ${email}`,
  guarantor: 'Garante',
  accountNumber: 'Número de cuenta',
  statementDate: 'Fecha de emisión',
  dueDate: 'Fecha de vencimiento',
  status: 'Estado',
  statuses: STATEMENT_STATUS_LABELS_ES,
  amountDue: 'Monto a pagar',
  payBy: (date) => `Pague a más tardar el ${date}`,
  continued: (date, account) => `Estado de cuenta del ${date}, cuenta ${account} (continuación)`,
  columns: {
    serviceDate: 'Fecha',
    account: 'Cuenta',
    patient: 'Paciente',
    description: 'Descripción',
    charges: 'Cargos',
    payments: 'Pagos',
    adjustments: 'Ajustes',
    balance: 'Saldo',
  },
  noActivity: 'No hubo movimientos en este período.',
  totals: 'Totales',
  amountDueBy: (date, amount) => `Monto a pagar a más tardar el ${date}: ${amount}`,
  payOnline: (portal, phone) => `Pague en línea en ${portal} o llame al ${phone}.`,
  assistance: {
    heading: '¿Necesita ayuda para pagar? Asistencia financiera',
    body: (address, phone) =>
      `Si no puede pagar esta factura, puede calificar para atención gratuita o con descuento según nuestra política de asistencia financiera. Lea la política, un resumen en lenguaje sencillo y cómo solicitarla en ${address}, o llame al ${phone} para pedir una copia en papel gratis. Mientras una solicitud está abierta, no enviamos su cuenta a cobranza.`,
  },
  reconciliation: STATEMENT_RECONCILIATION_MESSAGES_ES,
  page: (page, pages) => `Página ${page} de ${pages}`,
};

export const STATEMENT_PDF_MESSAGES: Readonly<Record<Language, StatementPdfMessages>> = {
  en: STATEMENT_PDF_MESSAGES_EN,
  es: STATEMENT_PDF_MESSAGES_ES,
};
