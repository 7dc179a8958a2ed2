import { PLAN_MESSAGES, PLAN_MESSAGES_ES } from '@webpay/contracts/payment-plans';
import { defineCatalogue } from '@/lib/messages.ts';

const paymentsEn = (count: number) => `${count} monthly ${count === 1 ? 'payment' : 'payments'}`;
const paymentsEs = (count: number) =>
  `${count} ${count === 1 ? 'pago mensual' : 'pagos mensuales'}`;

/** /payment-plan: setting up a payment plan, and the dashboard's way there. */
export const paymentPlanMessages = defineCatalogue(
  {
    pageTitle: (portalName: string) => `Set up a payment plan | ${portalName}`,
    heading: 'Set up a payment plan',
    intro: 'Pay your balance in monthly payments, interest-free.',
    setUpPlan: 'Set up a payment plan',
    loading: 'Loading the plan options…',
    noneEligible: 'None of your accounts can go on a new payment plan right now.',
    backToDashboard: 'Back to the dashboard',
    accounts: {
      legend: 'Accounts on the plan',
      account: (facility: string, account: string) => `Account ${facility}-${account}`,
      total: 'Total for the plan',
    },
    terms: {
      legend: 'Monthly payments',
      monthly: 'Monthly amount',
      range: (min: string, max: string) => `From ${min} to ${max}.`,
      day: 'Day of the month',
      dayHint: 'Payments are due on this day each month (1 to 28).',
      schedule: (count: number, last: string, lastDate: string, first: string) =>
        `${paymentsEn(count)} from ${first}; the last one, ${last}, on ${lastDate}.`,
    },
    autopay: {
      legend: 'Autopay',
      label: 'Autopay',
      hint: 'Each payment is charged automatically on its due date.',
      method: 'Payment method',
      noMethods: 'You have no saved payment method for autopay.',
      addMethod: 'Add one under Payment Methods',
    },
    review: 'Review the plan',
    edit: 'Change the plan',
    reviewHeading: 'Review your payment plan',
    scheduleCaption: 'Payment schedule',
    columns: { number: 'No.', date: 'Due date', amount: 'Amount' },
    authorizationHeading: 'Authorization',
    accept: 'I have read and accept this authorization',
    agree: 'Agree and create plan',
    creating: 'Creating the plan…',
    created: {
      heading: 'Your payment plan is set up',
      number: (plan: string) => `Plan number: ${plan}`,
      first: (date: string, amount: string) => `First payment: ${amount} on ${date}.`,
      emailed: (email: string) => `A copy of the authorization was e-mailed to ${email}.`,
      autopayOn: 'Autopay is on for this plan.',
    },
    problems: {
      balanceTooSmall: (min: string) => `A payment plan needs a balance of at least ${min}.`,
      monthlyTooSmall: (min: string) => `The monthly amount must be at least ${min}.`,
      monthlyAboveBalance: (total: string) =>
        `The monthly amount cannot be more than the total, ${total}.`,
      tooManyMonths: (months: number, max: number, min: string) =>
        `That would take ${months} months; a plan lasts at most ${max}. Pay at least ${min} a month.`,
      methodRequired: 'Choose a payment method for autopay',
      dismiss: 'Dismiss',
    },
    validation: PLAN_MESSAGES,
  },
  {
    pageTitle: (portalName) => `Configurar un plan de pagos | ${portalName}`,
    heading: 'Configurar un plan de pagos',
    intro: 'Pague su saldo en pagos mensuales, sin intereses.',
    setUpPlan: 'Configurar un plan de pagos',
    loading: 'Cargando las opciones del plan…',
    noneEligible: 'Por ahora, ninguna de sus cuentas puede ponerse en un plan de pagos nuevo.',
    backToDashboard: 'Volver al panel',
    accounts: {
      legend: 'Cuentas del plan',
      account: (facility, account) => `Cuenta ${facility}-${account}`,
      total: 'Total del plan',
    },
    terms: {
      legend: 'Pagos mensuales',
      monthly: 'Monto mensual',
      range: (min, max) => `De ${min} a ${max}.`,
      day: 'Día del mes',
      dayHint: 'Los pagos vencen este día de cada mes (del 1 al 28).',
      schedule: (count, last, lastDate, first) =>
        `${paymentsEs(count)} desde el ${first}; el último, de ${last}, el ${lastDate}.`,
    },
    autopay: {
      legend: 'Pago automático',
      label: 'Pago automático',
      hint: 'Cada pago se cobra automáticamente en su fecha de vencimiento.',
      method: 'Forma de pago',
      noMethods: 'No tiene ninguna forma de pago guardada para el pago automático.',
      addMethod: 'Agregue una en Formas de pago',
    },
    review: 'Revisar el plan',
    edit: 'Cambiar el plan',
    reviewHeading: 'Revise su plan de pagos',
    scheduleCaption: 'Calendario de pagos',
    columns: { number: 'N.º', date: 'Fecha de vencimiento', amount: 'Monto' },
    authorizationHeading: 'Autorización',
    accept: 'He leído y acepto esta autorización',
    agree: 'Aceptar y crear el plan',
    creating: 'Creando el plan…',
    created: {
      heading: 'Su plan de pagos está configurado',
      number: (plan) => `Número de plan: ${plan}`,
      first: (date, amount) => `Primer pago: ${amount} el ${date}.`,
      emailed: (email) =>
        `Se envió una copia de la autorización por correo electrónico a ${email}.`,
      autopayOn: 'El pago automático está activado para este plan.',
    },
    problems: {
      balanceTooSmall: (min) => `Un plan de pagos requiere un saldo de al menos ${min}.`,
      monthlyTooSmall: (min) => `El monto mensual debe ser de al menos ${min}.`,
      monthlyAboveBalance: (total) => `El monto mensual no puede ser mayor que el total, ${total}.`,
      tooManyMonths: (months, max, min) =>
        `Eso tomaría ${months} meses; un plan dura como máximo ${max}. Pague al menos ${min} al mes.`,
      methodRequired: 'Elija una forma de pago para el pago automático',
      dismiss: 'Cerrar',
    },
    validation: PLAN_MESSAGES_ES,
  },
);
