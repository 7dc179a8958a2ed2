import { defineCatalogue } from '@webpay/contracts/catalogue';
import type { Translation } from '@webpay/contracts/language';

/*
 * What the payment desk says, in the reader's language (decision 0020):
 * its refusals, the outcome of a void or refund, why an action is not
 * available, and one line per event of a payment's history.
 */

const DESK_MESSAGES_EN = {
  paymentNotFound: 'No payment has this id.',
  reversalNotFound: 'This payment has no such void or refund.',
  notRecorded: 'Only a payment that went through can be voided or refunded.',
  nothingLeft: 'Nothing remains to give back on this payment.',
  amountTooHigh: (remaining: string) =>
    `body.amount: Amount cannot be more than what remains refundable (${remaining})`,
  voidAfterSettlement:
    'This payment has settled, so it can no longer be voided: refund it instead.',
  refundBeforeSettlement:
    'This payment has not settled yet, so it cannot be refunded: void it instead.',
  refundNotSettledYet:
    'The card payment has not settled yet; approve this refund after it settles (the processor settles card payments once a day).',
  voidTakesAll:
    'A void gives back the whole payment, and part of it is already given back or waiting.',
  processorUnknown:
    'The processor could not be asked whether this payment has settled. Try again in a few minutes.',
  voidedAtProcessor:
    'The processor has already voided this payment; reconciliation will record it shortly.',
  notAwaiting: 'This void or refund is not waiting for approval.',
  sameRequester: 'Another supervisor must approve it: you asked for it.',
  keyReused: 'This idempotency key was already used for a different void or refund.',
  titleRefused: 'Not possible',
  titleKeyReused: 'Key already used',
  voided: (amount: string) => `Voided ${amount}.`,
  refunded: (amount: string, last4: string | null) =>
    last4 ? `Refunded ${amount} to the card ending ${last4}.` : `Refunded ${amount} to the card.`,
  checkRefund: (amount: string) =>
    `Refund of ${amount} recorded: the billing system will mail a check.`,
  waiting: 'Waiting for a second supervisor',
  checked: (found: number) =>
    found === 0
      ? 'The processor holds no void or refund of this payment that WebPay has not recorded.'
      : found === 1
        ? 'Recorded 1 void or refund made directly at the processor.'
        : `Recorded ${found} voids or refunds made directly at the processor.`,
  declined: (message: string) => `The processor declined it: ${message}`,
  pending:
    'The processor did not answer. Nothing is lost: the outcome will be confirmed by reconciliation within minutes.',
  rejected: 'Not approved: nothing was given back.',
  approvedWaitingProcessor: 'Approved.',
  whyRole: 'Your role does not allow it.',
  whyNotRecorded: 'The payment did not go through.',
  whySettled: 'The payment has settled: refund it instead.',
  whyNotSettled: 'The payment has not settled yet: void it instead.',
  whyPartlyGiven: 'Part of the payment is already given back or waiting.',
  whyNothingLeft: 'Nothing remains to give back.',
  whyAwaitingApproval: 'A void or refund of this payment is waiting for approval.',
  whyProcessing: 'A void or refund of this payment is still being processed.',
  whyProcessor: 'The processor could not be asked; try again in a few minutes.',
  whyNoEmail: 'There is no email address to send it to.',
  processorError: (kind: string) => `The processor could not be asked (${kind}).`,
  event: {
    'payment.initiated': (amount: string) => `Payment of ${amount} started`,
    'payment.recorded': (amount: string) => `Payment of ${amount} recorded`,
    'payment.receipt_emailed': () => 'Receipt e-mailed',
    'payment.void.requested': (amount: string) => `Void of ${amount} requested`,
    'payment.refund.requested': (amount: string) => `Refund of ${amount} requested`,
    'payment.reversal.approved': (amount: string) => `Reversal of ${amount} approved`,
    'payment.reversal.rejected': (amount: string) => `Reversal of ${amount} rejected`,
    'payment.reversal.completed': (amount: string) => `${amount} given back`,
    'payment.reversal.declined': (amount: string) => `Reversal of ${amount} declined`,
    'payment.reversal.failed': (amount: string) => `Reversal of ${amount} failed`,
    'payment.reversal.found': (amount: string) => `${amount} given back at the processor, found`,
    'payment.reversal.emailed': () => 'Reversal e-mailed to the guarantor',
    'payment.token_issued': () => 'Card window opened',
    'payment.approval_verified': () => 'Approval confirmed with the processor',
    'payment.declined': () => 'Payment declined',
    'payment.cancelled': () => 'Payment cancelled',
    'payment.failed': () => 'Payment failed',
    'payment.reconciled': () => 'Settled by reconciliation',
    'payment.receipt.resent': () => 'Receipt sent again',
    'payment.reversal.outcome_unknown': (amount: string) =>
      `No answer from the processor for ${amount}; reconciliation will confirm it`,
    'office.payment.viewed': () => 'Payment page viewed',
  } as Record<string, (amount: string) => string>,
  eventOther: (action: string) => action,
};

const DESK_MESSAGES_ES: Translation<typeof DESK_MESSAGES_EN> = {
  paymentNotFound: 'Ningún pago tiene este identificador.',
  reversalNotFound: 'Este pago no tiene esa anulación o reembolso.',
  notRecorded: 'Solo se puede anular o reembolsar un pago que se completó.',
  nothingLeft: 'No queda nada por devolver de este pago.',
  amountTooHigh: (remaining: string) =>
    `body.amount: El monto no puede ser mayor que lo que queda por reembolsar (${remaining})`,
  voidAfterSettlement: 'Este pago ya se liquidó, así que no se puede anular: reembólselo.',
  refundBeforeSettlement: 'Este pago aún no se liquidó, así que no se puede reembolsar: anúlelo.',
  refundNotSettledYet:
    'El pago con tarjeta aún no se liquidó; apruebe este reembolso después de que se liquide (el procesador liquida los pagos con tarjeta una vez al día).',
  voidTakesAll:
    'Una anulación devuelve todo el pago, y parte de él ya se devolvió o está en espera.',
  processorUnknown:
    'No se pudo consultar al procesador si este pago ya se liquidó. Inténtelo de nuevo en unos minutos.',
  voidedAtProcessor: 'El procesador ya anuló este pago; la conciliación lo registrará en breve.',
  notAwaiting: 'Esta anulación o reembolso no está en espera de aprobación.',
  sameRequester: 'Otro supervisor debe aprobarlo: usted lo solicitó.',
  keyReused: 'Esta clave de idempotencia ya se usó para otra anulación o reembolso.',
  titleRefused: 'No es posible',
  titleKeyReused: 'Clave ya usada',
  voided: (amount: string) => `Se anularon ${amount}.`,
  refunded: (amount: string, last4: string | null) =>
    last4
      ? `Se reembolsaron ${amount} a la tarjeta terminada en ${last4}.`
      : `Se reembolsaron ${amount} a la tarjeta.`,
  checkRefund: (amount: string) =>
    `Reembolso de ${amount} registrado: el sistema de facturación enviará un cheque.`,
  waiting: 'En espera de un segundo supervisor',
  checked: (found: number) =>
    found === 0
      ? 'El procesador no tiene ninguna anulación ni reembolso de este pago que WebPay no haya registrado.'
      : found === 1
        ? 'Se registró 1 anulación o reembolso hecho directamente en el procesador.'
        : `Se registraron ${found} anulaciones o reembolsos hechos directamente en el procesador.`,
  declined: (message: string) => `El procesador lo rechazó: ${message}`,
  pending:
    'El procesador no respondió. No se pierde nada: la conciliación confirmará el resultado en unos minutos.',
  rejected: 'No aprobado: no se devolvió nada.',
  approvedWaitingProcessor: 'Aprobado.',
  whyRole: 'Su función no lo permite.',
  whyNotRecorded: 'El pago no se completó.',
  whySettled: 'El pago ya se liquidó: reembólselo.',
  whyNotSettled: 'El pago aún no se liquidó: anúlelo.',
  whyPartlyGiven: 'Parte del pago ya se devolvió o está en espera.',
  whyNothingLeft: 'No queda nada por devolver.',
  whyAwaitingApproval: 'Una anulación o reembolso de este pago está en espera de aprobación.',
  whyProcessing: 'Una anulación o reembolso de este pago aún se está procesando.',
  whyProcessor: 'No se pudo consultar al procesador; inténtelo de nuevo en unos minutos.',
  whyNoEmail: 'No hay un correo electrónico al que enviarlo.',
  processorError: (kind: string) => `No se pudo consultar al procesador (${kind}).`,
  event: {
    'payment.initiated': (amount: string) => `Pago de ${amount} iniciado`,
    'payment.recorded': (amount: string) => `Pago de ${amount} registrado`,
    'payment.receipt_emailed': () => 'Recibo enviado por correo',
    'payment.void.requested': (amount: string) => `Anulación de ${amount} solicitada`,
    'payment.refund.requested': (amount: string) => `Reembolso de ${amount} solicitado`,
    'payment.reversal.approved': (amount: string) => `Devolución de ${amount} aprobada`,
    'payment.reversal.rejected': (amount: string) => `Devolución de ${amount} no aprobada`,
    'payment.reversal.completed': (amount: string) => `Se devolvieron ${amount}`,
    'payment.reversal.declined': (amount: string) => `Devolución de ${amount} rechazada`,
    'payment.reversal.failed': (amount: string) => `Devolución de ${amount} fallida`,
    'payment.reversal.found': (amount: string) =>
      `Devolución de ${amount} hecha en el procesador, encontrada`,
    'payment.reversal.emailed': () => 'Devolución notificada por correo al garante',
    'payment.token_issued': () => 'Ventana de la tarjeta abierta',
    'payment.approval_verified': () => 'Aprobación confirmada con el procesador',
    'payment.declined': () => 'Pago rechazado',
    'payment.cancelled': () => 'Pago cancelado',
    'payment.failed': () => 'Pago fallido',
    'payment.reconciled': () => 'Resuelto por la conciliación',
    'payment.receipt.resent': () => 'Recibo enviado de nuevo',
    'payment.reversal.outcome_unknown': (amount: string) =>
      `Sin respuesta del procesador para ${amount}; la conciliación lo confirmará`,
    'office.payment.viewed': () => 'Página del pago consultada',
  },
  eventOther: (action: string) => action,
};

export const DESK_MESSAGES = defineCatalogue(DESK_MESSAGES_EN, DESK_MESSAGES_ES);
