/** The codes of the problems the portal raises itself, as the technical details show them. */
export const PROBLEM_CODES = {
  /** SPEC §4: a decline is shown as a 402. */
  declined: 'DECLINED',
  /** SPEC §8: the card window failed to initialize. */
  lightbox: 'converge_error',
} as const;

/**
 * Why a card payment ended without a charge, as DELETE /payments/{id}
 * records it for the billing office: in English, like the office's other
 * records, whatever language the guarantor reads.
 */
export const CANCEL_REASONS = {
  declined: (message: string) => `Card declined in the lightbox: ${message}`,
  cancelled: 'Cancelled by the guarantor in the lightbox',
  error: (message: string) => `Lightbox error: ${message}`,
} as const;
