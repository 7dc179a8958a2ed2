// Apart from the payment schemas, so screens that only word a payment need not load zod.
import type { Translation } from './language.ts';

/** SPEC §4 / §8 payment dialog messages. */
export const PAYMENT_MESSAGES = {
  securityNote: 'Your payment information is encrypted and processed securely.',
  processingFailed: 'Payment processing failed. Please try again.',
  postingTime: 'payment posts within 1-2 business days',
  lightboxInitFailedTitle: 'The card payment window failed to initialize',
  copied: 'Copied!',
} as const;

export const PAYMENT_MESSAGES_ES: Translation<typeof PAYMENT_MESSAGES> = {
  securityNote: 'Su información de pago está cifrada y se procesa de forma segura.',
  processingFailed: 'No se pudo procesar el pago. Inténtelo de nuevo.',
  postingTime: 'pago se aplicará a sus cuentas en un plazo de 1 a 2 días hábiles',
  lightboxInitFailedTitle: 'No se pudo iniciar la ventana de pago con tarjeta',
  copied: '¡Copiado!',
};
