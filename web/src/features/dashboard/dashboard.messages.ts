import {
  ENCOUNTER_STATUS_LABELS,
  ENCOUNTER_STATUS_LABELS_ES,
  PLAN_STATUS_LABELS,
  PLAN_STATUS_LABELS_ES,
  PLAN_TYPE_LABELS,
  PLAN_TYPE_LABELS_ES,
} from '@webpay/contracts/encounters';
import { LOCALES } from '@webpay/contracts/language';
import { AMOUNT_MESSAGES, AMOUNT_MESSAGES_ES } from '@webpay/contracts/money';
import {
  DASHBOARD_LABELS,
  DASHBOARD_LABELS_ES,
  DASHBOARD_MESSAGES,
  DASHBOARD_MESSAGES_ES,
  DASHBOARD_NOTES,
  DASHBOARD_NOTES_ES,
} from '@webpay/contracts/messages';
import { defineCatalogue } from '@/lib/messages.ts';

const countEn = new Intl.NumberFormat(LOCALES.en);
const countEs = new Intl.NumberFormat(LOCALES.es);

const itemsEn = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;
const itemsEs = (count: number) => `${count} ${count === 1 ? 'concepto' : 'conceptos'}`;

/** /dashboard: its tabs, cards, tables, notices and the bar at the bottom. */
export const dashboardMessages = defineCatalogue(
  {
    pageTitle: (portalName: string) => `Dashboard | ${portalName}`,
    heading: 'Dashboard',
    welcome: (firstName: string) =>
      `Welcome, ${firstName}. Here are the bills waiting for payment.`,
    loading: 'Loading your account…',
    labels: DASHBOARD_LABELS,
    messages: DASHBOARD_MESSAGES,
    notes: DASHBOARD_NOTES,
    tabs: {
      name: 'Facilities',
      /** Read after the red count badge's number. */
      itemNoun: (count: number) => (count === 1 ? 'item' : 'items'),
      /** A facility the app config does not name. */
      facility: (id: string) => `Facility ${id}`,
    },
    selection: {
      itemCount: itemsEn,
      selectedCount: (count: number) => `${itemsEn(count)} selected`,
    },
    customAmount: {
      about: 'About custom payments',
      field: 'Custom payment amount',
      notPositive: AMOUNT_MESSAGES.tooSmall,
    },
    paymentBar: (tabTitle: string) => `Payment for ${tabTitle}`,
    payNowAmount: (amount: string) => `${DASHBOARD_LABELS.payNow} ${amount}`,
    delayWarningDismiss: 'Dismiss notice about payment delays',
    facilityHelp: {
      call: 'Questions about these bills? Call',
      noPhone: 'Please call the billing office number on your statement.',
    },
    columns: {
      encounterNumber: 'Encounter Number',
      accountNumber: 'Account Number',
      patientName: 'Patient Name',
      status: 'Status',
      admitDate: 'Admit Date',
      balance: 'Balance',
      paymentAmount: 'Payment Amount',
      planNumber: 'Plan #',
      type: 'Type',
      dueDate: 'Due Date',
      amountDue: 'Amount Due',
      details: 'Details',
    },
    encounterStatuses: ENCOUNTER_STATUS_LABELS,
    planTypes: PLAN_TYPE_LABELS,
    planStatuses: PLAN_STATUS_LABELS,
    facilityEncounters: (facility: string) => `${facility} encounters`,
    refetch: {
      label: 'Refresh',
      // The visible word first (WCAG 2.5.3), then which list it reloads.
      name: (facility: string) => `Refresh ${facility} encounters`,
      refreshing: (facility: string) => `Refreshing ${facility} encounters…`,
      refreshed: (facility: string) => `${facility} encounters are up to date.`,
    },
    planDetails: {
      show: 'Show details',
      hide: 'Hide details',
      showFor: (plan: string) => `Show details for plan ${plan}`,
      hideFor: (plan: string) => `Hide details for plan ${plan}`,
      overdueExtra: (amount: string) => `+ ${amount} ${DASHBOARD_LABELS.overdue.toLowerCase()}`,
      monthlyPayment: 'Monthly payment',
      payOffAmount: 'Pay-off amount',
      interestRate: 'Interest rate',
      payments: 'Payments',
      completed: (completed: number, total: number) => `${completed} of ${total} completed`,
      encountersIn: (plan: string) => `Encounters in plan ${plan}`,
    },
    amountControls: {
      field: (row: string) => `Payment amount for ${row}`,
      full: (row: string) => `${DASHBOARD_LABELS.full} amount for ${row}`,
      clear: (row: string) => `${DASHBOARD_LABELS.clear} amount for ${row}`,
    },
    pendingPayments: {
      marker: (amount: string) => `${amount} pending`,
      // The visible words first and whole (WCAG 2.5.3), then whose they are.
      markerName: (row: string, amount: string) => `${amount} pending for ${row}`,
      popoverName: (row: string) => `${DASHBOARD_LABELS.pendingPayments} for ${row}`,
      received: (row: string) => `Received and waiting to be applied to ${row}.`,
      total: 'Total',
    },
    moreRows: {
      encounters: 'encounters',
      plans: 'payment plans',
      showing: (shown: number, total: number, rows: string) =>
        `Showing ${countEn.format(shown)} of ${countEn.format(total)} ${rows}`,
      button: (next: number) => `Show ${countEn.format(next)} more`,
      buttonName: (next: number, rows: string, table: string) =>
        `Show ${countEn.format(next)} more ${rows} in ${table}`,
    },
  },
  {
    pageTitle: (portalName) => `Panel | ${portalName}`,
    heading: 'Panel',
    welcome: (firstName) =>
      `Le damos la bienvenida, ${firstName}. Estas son las facturas por pagar.`,
    loading: 'Cargando su cuenta…',
    labels: DASHBOARD_LABELS_ES,
    messages: DASHBOARD_MESSAGES_ES,
    notes: DASHBOARD_NOTES_ES,
    tabs: {
      name: 'Centros',
      itemNoun: (count) => (count === 1 ? 'concepto' : 'conceptos'),
      facility: (id) => `Centro ${id}`,
    },
    selection: {
      itemCount: itemsEs,
      selectedCount: (count) =>
        `${itemsEs(count)} ${count === 1 ? 'seleccionado' : 'seleccionados'}`,
    },
    customAmount: {
      about: 'Acerca de pagar el monto que desee',
      field: 'Monto que desea pagar',
      notPositive: AMOUNT_MESSAGES_ES.tooSmall,
    },
    paymentBar: (tabTitle) => `Pago a ${tabTitle}`,
    payNowAmount: (amount) => `${DASHBOARD_LABELS_ES.payNow} ${amount}`,
    delayWarningDismiss: 'Cerrar el aviso sobre demoras en los pagos',
    facilityHelp: {
      call: '¿Preguntas sobre estas facturas? Llame al',
      noPhone: 'Llame al número de la oficina de facturación que aparece en su estado de cuenta.',
    },
    columns: {
      encounterNumber: 'Número de servicio',
      accountNumber: 'Número de cuenta',
      patientName: 'Nombre del paciente',
      status: 'Estado',
      admitDate: 'Fecha de ingreso',
      balance: 'Saldo',
      paymentAmount: 'Monto del pago',
      planNumber: 'N.º de plan',
      type: 'Tipo',
      dueDate: 'Fecha de vencimiento',
      amountDue: 'Monto a pagar',
      details: 'Detalles',
    },
    encounterStatuses: ENCOUNTER_STATUS_LABELS_ES,
    planTypes: PLAN_TYPE_LABELS_ES,
    planStatuses: PLAN_STATUS_LABELS_ES,
    facilityEncounters: (facility) => `Servicios de ${facility}`,
    refetch: {
      label: 'Actualizar',
      name: (facility) => `Actualizar los servicios de ${facility}`,
      refreshing: (facility) => `Actualizando los servicios de ${facility}…`,
      refreshed: (facility) => `Los servicios de ${facility} están al día.`,
    },
    planDetails: {
      show: 'Ver detalles',
      hide: 'Ocultar detalles',
      showFor: (plan) => `Ver detalles del plan ${plan}`,
      hideFor: (plan) => `Ocultar detalles del plan ${plan}`,
      overdueExtra: (amount) => `+ ${amount} ${DASHBOARD_LABELS_ES.overdue.toLowerCase()}`,
      monthlyPayment: 'Pago mensual',
      payOffAmount: 'Monto para liquidar',
      interestRate: 'Tasa de interés',
      payments: 'Pagos',
      completed: (completed, total) => `${completed} de ${total} realizados`,
      encountersIn: (plan) => `Servicios del plan ${plan}`,
    },
    amountControls: {
      field: (row) => `Monto del pago de ${row}`,
      full: (row) => `${DASHBOARD_LABELS_ES.full} a pagar de ${row}`,
      clear: (row) => `${DASHBOARD_LABELS_ES.clear} el monto de ${row}`,
    },
    pendingPayments: {
      marker: (amount) => `${amount} en proceso`,
      markerName: (row, amount) => `${amount} en proceso para ${row}`,
      popoverName: (row) => `${DASHBOARD_LABELS_ES.pendingPayments} para ${row}`,
      received: (row) => `Recibidos y en espera de aplicarse a ${row}.`,
      total: 'Total',
    },
    moreRows: {
      encounters: 'servicios',
      plans: 'planes de pagos',
      showing: (shown, total, rows) =>
        `Mostrando ${countEs.format(shown)} de ${countEs.format(total)} ${rows}`,
      button: (next) => `Mostrar ${countEs.format(next)} más`,
      // The visible words first and whole, so saying what is seen reaches the button.
      buttonName: (next, _rows, table) => `Mostrar ${countEs.format(next)} más en ${table}`,
    },
  },
);
