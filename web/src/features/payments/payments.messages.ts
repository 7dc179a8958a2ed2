import {
  BILLING_MESSAGES,
  BILLING_MESSAGES_ES,
  ECHECK_MESSAGES,
  ECHECK_MESSAGES_ES,
} from '@webpay/contracts/billing';
import {
  ECHECK_AUTHORIZATION_MESSAGES,
  ECHECK_AUTHORIZATION_MESSAGES_ES,
} from '@webpay/contracts/echeck-authorization';
import { ERROR_SCREEN, ERROR_SCREEN_ES } from '@webpay/contracts/messages';
import { AMOUNT_MESSAGES, AMOUNT_MESSAGES_ES } from '@webpay/contracts/money';
import { PAYMENT_MESSAGES, PAYMENT_MESSAGES_ES } from '@webpay/contracts/payment-messages';
import { PAYMENT_LINE_MESSAGES, PAYMENT_LINE_MESSAGES_ES } from '@webpay/contracts/payments';
import { PLAIN_TEXT_MESSAGES, PLAIN_TEXT_MESSAGES_ES } from '@webpay/contracts/plain-text';
import { defineCatalogue } from '@/lib/messages.ts';

/** The schemas the payment form checks with, for useValidationText. */
export const PAYMENT_FORM_VALIDATION = [
  defineCatalogue(BILLING_MESSAGES, BILLING_MESSAGES_ES),
  defineCatalogue(ECHECK_MESSAGES, ECHECK_MESSAGES_ES),
  defineCatalogue(ECHECK_AUTHORIZATION_MESSAGES, ECHECK_AUTHORIZATION_MESSAGES_ES),
  defineCatalogue(AMOUNT_MESSAGES, AMOUNT_MESSAGES_ES),
  defineCatalogue(PAYMENT_LINE_MESSAGES, PAYMENT_LINE_MESSAGES_ES),
  defineCatalogue(PLAIN_TEXT_MESSAGES, PLAIN_TEXT_MESSAGES_ES),
] as const;

/** SPEC §2 Payment dialog: the form and the phases. */
export const paymentDialogMessages = defineCatalogue(
  {
    title: 'Make a Payment',
    description: 'Check what you are paying, then enter your billing details.',
    openingCardWindow: 'Opening the secure card window…',
    completing: 'Completing your payment…',
    summaryHeading: 'Payment Summary',
    totalAmount: 'Total Amount',
    /** Under a line: what the account already has pending (decision 0016). */
    alreadyPending: (amount: string) => `${amount} already pending`,
    billingHeading: 'Billing Information',
    firstName: 'First name',
    lastName: 'Last name',
    address: 'Address',
    city: 'City',
    state: 'State',
    selectState: 'Select a state',
    zipCode: 'ZIP code',
    receiptEmailLegend: 'Email receipt',
    noEmail: 'Do not email a receipt',
    accountEmail: (email: string) => `Email it to ${email}`,
    customEmail: 'Email it to a different email',
    customEmailLabel: 'Email address for the receipt',
    saveEmail: 'Also save this email address to my account',
    methodLegend: 'Payment Method',
    card: 'Card',
    eCheck: 'eCheck',
    cardHint: 'You enter your card details in the secure window of our card processor.',
    saveCard: 'Save this card for future payments',
    routingNumber: 'Routing number',
    routingHint: 'The 9 digits at the bottom left of a check.',
    accountNumber: 'Account number',
    accountType: 'Account type',
    authorizationHeading: 'eCheck authorization',
    authorizationAccept: 'I have read and accept this authorization',
    formInvalid: BILLING_MESSAGES.formInvalid,
    securityNote: PAYMENT_MESSAGES.securityNote,
    cancel: 'Cancel',
    pay: (amount: string) => `Pay ${amount}`,
  },
  {
    title: 'Hacer un pago',
    description: 'Revise lo que va a pagar y luego ingrese sus datos de facturación.',
    openingCardWindow: 'Abriendo la ventana segura para la tarjeta…',
    completing: 'Completando su pago…',
    summaryHeading: 'Resumen del pago',
    totalAmount: 'Monto total',
    // "En proceso", not "pendiente": the money has been received, it is not still owed.
    alreadyPending: (amount) => `${amount} ya en proceso`,
    billingHeading: 'Información de facturación',
    firstName: 'Nombre',
    lastName: 'Apellido',
    address: 'Dirección',
    city: 'Ciudad',
    state: 'Estado',
    selectState: 'Seleccione un estado',
    zipCode: 'Código postal',
    receiptEmailLegend: 'Recibo por correo electrónico',
    noEmail: 'No enviar el recibo por correo electrónico',
    accountEmail: (email) => `Enviarlo a ${email}`,
    customEmail: 'Enviarlo a otra dirección de correo electrónico',
    customEmailLabel: 'Dirección de correo electrónico para el recibo',
    saveEmail: 'Guardar también esta dirección de correo electrónico en mi cuenta',
    methodLegend: 'Forma de pago',
    card: 'Tarjeta',
    eCheck: 'Cheque electrónico',
    cardHint:
      'Usted ingresará los datos de su tarjeta en la ventana segura de nuestro procesador de tarjetas.',
    saveCard: 'Guardar esta tarjeta para pagos futuros',
    routingNumber: 'Número de ruta bancaria',
    routingHint: 'Los 9 dígitos en la parte inferior izquierda de un cheque.',
    accountNumber: 'Número de cuenta',
    accountType: 'Tipo de cuenta',
    authorizationHeading: 'Autorización del cheque electrónico',
    authorizationAccept: 'He leído y acepto esta autorización',
    formInvalid: BILLING_MESSAGES_ES.formInvalid,
    securityNote: PAYMENT_MESSAGES_ES.securityNote,
    cancel: 'Cancelar',
    pay: (amount) => `Pagar ${amount}`,
  },
);

/** Decision 0016: the question before paying what is already pending. */
export const pendingQuestionMessages = defineCatalogue(
  {
    heading: 'Pay again?',
    onThisAccount: (amount: string) => `You already have ${amount} pending on this account.`,
    explanation:
      'Payments stay pending until the billing office applies them, usually within 1-2 business days. Paying again may pay more than you owe.',
    payAgain: 'Pay again anyway',
    dontPayAgain: 'Don’t pay again',
    chosen: 'You chose to pay again although a payment is pending.',
    answerFirst: 'Please choose whether to pay again before you pay.',
  },
  {
    heading: '¿Pagar de nuevo?',
    onThisAccount: (amount) => `Ya tiene ${amount} en proceso en esta cuenta.`,
    explanation:
      'Los pagos siguen en proceso hasta que la oficina de facturación los aplica, por lo general en 1 a 2 días hábiles. Si vuelve a pagar, podría pagar más de lo que debe.',
    payAgain: 'Pagar de nuevo de todos modos',
    dontPayAgain: 'No pagar de nuevo',
    chosen: 'Eligió pagar de nuevo aunque ya hay un pago en proceso.',
    answerFirst: 'Antes de pagar, indique si desea pagar de nuevo.',
  },
);

/** SPEC §8 Payment errors: the red panel and the problems the portal words itself. */
export const paymentErrorMessages = defineCatalogue(
  {
    dismiss: 'Dismiss',
    tryAgain: ERROR_SCREEN.retry,
    redirecting: 'Taking you to sign in again in 5 seconds…',
    processingFailed: PAYMENT_MESSAGES.processingFailed,
    /** SPEC §4: declined → back to the form. */
    declined: {
      title: 'Payment declined',
      detail:
        'Your card was declined and you were not charged. Please use another card or pay by eCheck.',
      processorSaid: (message: string) => `The card processor said: ${message}`,
    },
    lightbox: {
      title: PAYMENT_MESSAGES.lightboxInitFailedTitle,
      scriptFailed:
        'The secure card window could not be loaded. Please check your connection and try again.',
      unavailable: 'The secure card window is not available right now. Please try again later.',
      unknown: 'The secure card window reported an error.',
      /** What the card window said, in the processor's own words. */
      reported: (message: string) => message,
      wrongAddress: (here: string, portal: string) =>
        `The secure card window opens only on the portal's own address, ${portal}, and this page was opened at ${here}. Please open the portal at ${portal} and pay there.`,
    },
  },
  {
    dismiss: 'Cerrar',
    tryAgain: ERROR_SCREEN_ES.retry,
    redirecting: 'En 5 segundos volverá a la página de inicio de sesión…',
    processingFailed: PAYMENT_MESSAGES_ES.processingFailed,
    declined: {
      title: 'Pago rechazado',
      detail:
        'Su tarjeta fue rechazada y no se le hizo ningún cargo. Use otra tarjeta o pague con cheque electrónico.',
      processorSaid: (message) => `El procesador de tarjetas indicó: ${message}`,
    },
    lightbox: {
      title: PAYMENT_MESSAGES_ES.lightboxInitFailedTitle,
      scriptFailed:
        'No se pudo cargar la ventana segura para la tarjeta. Revise su conexión e inténtelo de nuevo.',
      unavailable:
        'La ventana segura para la tarjeta no está disponible en este momento. Inténtelo de nuevo más tarde.',
      unknown: 'La ventana segura para la tarjeta informó un error.',
      reported: (message) => `La ventana segura para la tarjeta informó: ${message}`,
      wrongAddress: (here, portal) =>
        `La ventana segura para la tarjeta solo se abre en la dirección del portal, ${portal}, y esta página se abrió en ${here}. Abra el portal en ${portal} y pague allí.`,
    },
  },
);

/** SPEC §2 / §3 Receipt: the dialog and what it prints. */
export const receiptMessages = defineCatalogue(
  {
    title: 'Payment Receipt',
    status: 'Status',
    approved: 'Approved',
    failed: 'Failed',
    failedExplanation:
      'We could not confirm this payment. It may not have gone through. Please call us before you pay again:',
    receiptNumber: 'Receipt number',
    date: 'Date',
    amount: 'Amount',
    method: 'Payment method',
    card: 'Card',
    eCheck: 'eCheck',
    expires: (expiry: string) => `expires ${expiry}`,
    accountsPaid: 'Accounts paid',
    /** The eCheck authorization the payer accepted, quoted in the language they read it in. */
    authorization: 'eCheck authorization accepted',
    billingInformation: 'Billing information',
    emailedTo: (email: string) => `A copy of this receipt was emailed to ${email}.`,
    notEmailed: 'No copy of this receipt was emailed.',
    posting: `Your ${PAYMENT_MESSAGES.postingTime}.`,
    /** A receipt looked up later, once the billing office has posted the payment. */
    applied: 'This payment has been applied to your account.',
    questions: 'Questions about this payment? Call',
    facilityDelay: (facility: string) =>
      `Payments to ${facility} may take up to 24 hours to appear in your balance.`,
    facilityQuestions: (facility: string) => `Questions about the ${facility} payment? Call`,
    /** A facility the configuration does not name. */
    unnamedFacility: (id: string) => `facility ${id}`,
    print: 'Print',
    close: 'Close',
  },
  {
    title: 'Recibo de pago',
    status: 'Estado',
    approved: 'Aprobado',
    failed: 'Fallido',
    failedExplanation:
      'No pudimos confirmar este pago. Es posible que no se haya realizado. Llámenos antes de volver a pagar:',
    receiptNumber: 'Número de recibo',
    date: 'Fecha',
    amount: 'Monto',
    method: 'Forma de pago',
    card: 'Tarjeta',
    eCheck: 'Cheque electrónico',
    expires: (expiry) => `vence ${expiry}`,
    accountsPaid: 'Cuentas pagadas',
    authorization: 'Autorización del cheque electrónico aceptada',
    billingInformation: 'Información de facturación',
    emailedTo: (email) => `Se envió una copia de este recibo a ${email}.`,
    notEmailed: 'No se envió ninguna copia de este recibo por correo electrónico.',
    posting: `Su ${PAYMENT_MESSAGES_ES.postingTime}.`,
    applied: 'Este pago ya se aplicó a su cuenta.',
    questions: '¿Preguntas sobre este pago? Llame al',
    facilityDelay: (facility) =>
      `Los pagos a ${facility} pueden tardar hasta 24 horas en reflejarse en su saldo.`,
    facilityQuestions: (facility) => `¿Preguntas sobre el pago a ${facility}? Llame al`,
    unnamedFacility: (id) => `Centro ${id}`,
    print: 'Imprimir',
    close: 'Cerrar',
  },
);
