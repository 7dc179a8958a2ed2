import { ERROR_SCREEN, ERROR_SCREEN_ES } from '@webpay/contracts/messages';
import {
  STATEMENT_RECONCILIATION_MESSAGES,
  STATEMENT_RECONCILIATION_MESSAGES_ES,
} from '@webpay/contracts/statement-reconciliation';
import { STATEMENT_STATUS_LABELS, STATEMENT_STATUS_LABELS_ES } from '@webpay/contracts/statements';
import { defineCatalogue } from '@/lib/messages.ts';

/** /statements: the list, a statement's dialog and its PDF. Dates come in already written. */
export const statementsMessages = defineCatalogue(
  {
    pageTitle: (portalName: string) => `Statements | ${portalName}`,
    heading: 'Statements',
    intro:
      'Your billing statements, newest first. View the lines of any statement or download it as a PDF.',
    loading: 'Loading your statements…',
    empty: {
      heading: 'No statements yet',
      body: 'We send a statement each month you have a balance with us. Once your first one is issued, you will find it here. Your current balances are always on the dashboard.',
      action: 'Go to Dashboard',
    },
    tableName: 'Statements',
    columns: {
      statementDate: 'Statement Date',
      account: 'Account',
      status: 'Status',
      dueDate: 'Due Date',
      amountDue: 'Amount Due',
      actions: 'Actions',
    },
    statuses: STATEMENT_STATUS_LABELS,
    /** Tells one row's buttons from the next for screen readers. */
    statementName: (date: string) => `statement of ${date}`,
    view: 'View',
    /** Read after View, hidden on screen. */
    viewWhat: (statementName: string) => ` ${statementName}`,
    download: 'Download PDF',
    /** Read after Download PDF, hidden on screen. */
    downloadWhat: (statementName: string) => ` of the ${statementName}`,
    downloadFailed: (statementName: string) =>
      `We could not download your ${statementName}. Please try again in a moment.`,
    /** Sorts by date in a downloads folder. */
    fileName: (isoDate: string) => `statement-${isoDate}.pdf`,
    dialog: {
      title: (date: string) => `Statement of ${date}`,
      account: (accountNumber: string) => `Account ${accountNumber}`,
      close: 'Close',
      loading: 'Loading the statement…',
      loadFailed:
        'We could not load this statement. Please try again, or download the PDF instead.',
      retry: ERROR_SCREEN.retry,
    },
    lines: {
      heading: 'Statement lines',
      service: 'Service',
      charges: 'Charges',
      payments: 'Payments',
      adjustments: 'Adjustments',
      balance: 'Balance',
      none: 'This statement has no lines.',
      serviceDate: (date: string) => `Service date ${date}`,
      totals: 'Totals',
    },
    /** The same words as the statement PDF. */
    reconciliation: STATEMENT_RECONCILIATION_MESSAGES,
  },
  {
    pageTitle: (portalName) => `Estados de cuenta | ${portalName}`,
    heading: 'Estados de cuenta',
    intro:
      'Sus estados de cuenta, del más reciente al más antiguo. Vea el detalle de cualquier estado de cuenta o descárguelo en PDF.',
    loading: 'Cargando sus estados de cuenta…',
    empty: {
      heading: 'Todavía no tiene estados de cuenta',
      body: 'Le enviamos un estado de cuenta cada mes en que tenga un saldo con nosotros. Cuando se emita el primero, lo encontrará aquí. Sus saldos actuales siempre aparecen en el Panel.',
      action: 'Ir al Panel',
    },
    tableName: 'Estados de cuenta',
    columns: {
      statementDate: 'Fecha de emisión',
      account: 'Cuenta',
      status: 'Estado',
      dueDate: 'Fecha de vencimiento',
      amountDue: 'Monto a pagar',
      actions: 'Acciones',
    },
    statuses: STATEMENT_STATUS_LABELS_ES,
    statementName: (date) => `estado de cuenta del ${date}`,
    view: 'Ver',
    viewWhat: (statementName) => ` el ${statementName}`,
    download: 'Descargar PDF',
    downloadWhat: (statementName) => ` del ${statementName}`,
    downloadFailed: (statementName) =>
      `No pudimos descargar su ${statementName}. Inténtelo de nuevo en un momento.`,
    fileName: (isoDate) => `estado-de-cuenta-${isoDate}.pdf`,
    dialog: {
      title: (date) => `Estado de cuenta del ${date}`,
      account: (accountNumber) => `Cuenta ${accountNumber}`,
      close: 'Cerrar',
      loading: 'Cargando el estado de cuenta…',
      loadFailed: 'No pudimos cargar este estado de cuenta. Inténtelo de nuevo o descargue el PDF.',
      retry: ERROR_SCREEN_ES.retry,
    },
    lines: {
      heading: 'Detalle del estado de cuenta',
      service: 'Servicio',
      charges: 'Cargos',
      payments: 'Pagos',
      adjustments: 'Ajustes',
      balance: 'Saldo',
      none: 'Este estado de cuenta no tiene movimientos.',
      serviceDate: (date) => `Fecha de servicio: ${date}`,
      totals: 'Totales',
    },
    reconciliation: STATEMENT_RECONCILIATION_MESSAGES_ES,
  },
);
