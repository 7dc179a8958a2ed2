// Apart from the payment schemas, so screens that only word a payment need not load zod.

/** SPEC §4 / §8 payment dialog messages. */
export const PAYMENT_MESSAGES = {
  securityNote: 'Your payment information is encrypted and processed securely.',
  processingFailed: 'Payment processing failed. Please try again.',
  postingTime: 'payment posts within 1-2 business days',
  lightboxInitFailedTitle: 'The card payment window failed to initialize',
  copied: 'Copied!',
} as const;
