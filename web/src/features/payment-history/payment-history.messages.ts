import {
  PAYMENT_HISTORY_STATUS_LABELS,
  PAYMENT_HISTORY_STATUS_LABELS_ES,
} from '@webpay/contracts/payment-history';
import { defineCatalogue } from '@/lib/messages.ts';

/** /payments: the payment history page. */
export const paymentHistoryMessages = defineCatalogue(
  {
    documentTitle: (portalName: string) => `Payments | ${portalName}`,
    heading: 'Payments',
    intro: 'Payments you have made, newest first. Open a receipt to see it in full or print it.',
    historyRegion: 'Payment history',
    loading: 'Loading your payments…',
    /** The result line, e.g. `2 payments between Jan 1, 2026 and Mar 31, 2026`. */
    count: (count: number) => (count === 1 ? '1 payment' : `${count} payments`),
    between: (from: string, to: string) => `between ${from} and ${to}`,
    since: (from: string) => `since ${from}`,
    upTo: (to: string) => `up to ${to}`,
    noPaymentsInPeriod: 'No payments in this period',
    noPaymentsInRange: (range: string) =>
      `We found no payments ${range}. Try a wider range, or clear the dates to see all your payments.`,
    noPaymentsYet: 'No payments yet',
    noPaymentsYetText:
      'Payments you make here, by card or from a bank account, will be listed with their receipts. Your open bills are on the dashboard.',
    goToDashboard: 'Go to Dashboard',
    receiptFailed: (receiptId: string) =>
      `We could not open receipt ${receiptId}. Please try again in a moment.`,
  },
  {
    documentTitle: (portalName) => `Pagos | ${portalName}`,
    heading: 'Pagos',
    intro:
      'Los pagos que ha hecho, del más reciente al más antiguo. Abra un recibo para verlo completo o imprimirlo.',
    historyRegion: 'Historial de pagos',
    loading: 'Cargando sus pagos…',
    count: (count) => (count === 1 ? '1 pago' : `${count} pagos`),
    between: (from, to) => `entre el ${from} y el ${to}`,
    since: (from) => `desde el ${from}`,
    upTo: (to) => `hasta el ${to}`,
    noPaymentsInPeriod: 'No hay pagos en este período',
    noPaymentsInRange: (range) =>
      `No encontramos pagos ${range}. Pruebe con un período más amplio o borre las fechas para ver todos sus pagos.`,
    noPaymentsYet: 'Todavía no hay pagos',
    noPaymentsYetText:
      'Los pagos que haga aquí, con tarjeta o desde una cuenta bancaria, aparecerán con sus recibos. Sus facturas por pagar están en el Panel.',
    goToDashboard: 'Ir al Panel',
    receiptFailed: (receiptId) =>
      `No pudimos abrir el recibo ${receiptId}. Inténtelo de nuevo en un momento.`,
  },
);

/** The From / To dates of the history. */
export const paymentFilterMessages = defineCatalogue(
  {
    heading: 'Payment dates',
    from: 'From',
    to: 'To',
    show: 'Show payments',
    clear: 'Clear dates',
    reversed: 'The From date must be on or before the To date.',
  },
  {
    heading: 'Fechas de pago',
    from: 'Desde',
    to: 'Hasta',
    show: 'Mostrar pagos',
    clear: 'Borrar fechas',
    reversed: 'La fecha Desde debe ser igual o anterior a la fecha Hasta.',
  },
);

/** The table of payments, its status badges and payment methods. */
export const paymentTableMessages = defineCatalogue(
  {
    label: 'Payments',
    columns: {
      date: 'Date',
      receipt: 'Receipt',
      method: 'Method',
      status: 'Status',
      items: 'Items Paid',
      amount: 'Amount',
    },
    viewReceipt: 'View receipt ',
    statuses: PAYMENT_HISTORY_STATUS_LABELS,
    card: 'Card',
    bankAccount: 'Bank account',
  },
  {
    label: 'Pagos',
    columns: {
      date: 'Fecha',
      receipt: 'Recibo',
      method: 'Forma de pago',
      status: 'Estado',
      items: 'Conceptos pagados',
      amount: 'Monto',
    },
    viewReceipt: 'Ver el recibo ',
    statuses: PAYMENT_HISTORY_STATUS_LABELS_ES,
    card: 'Tarjeta',
    bankAccount: 'Cuenta bancaria',
  },
);
