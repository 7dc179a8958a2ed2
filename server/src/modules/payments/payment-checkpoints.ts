/**
 * The steps of the payment pipeline after which only the stored state, the
 * guarantor's retry and reconciliation can save a payment. The service
 * announces each step it passes; the product listens to none of them. The
 * crash tests (server/test/faults) start a server whose listener kills the
 * process at one step, as a power cut would, to prove the payment survives.
 * Nothing in configuration or the environment can attach a listener: only
 * code that builds the service itself can, so a production start cannot.
 */
export const PAYMENT_CHECKPOINTS = [
  'after-initiated',
  'after-token-issued',
  'before-verify',
  'after-approval',
  'before-receipt-email',
  // The payment desk: a void or refund written and committed, the processor not yet asked / just answered.
  'reversal-before-processor',
  'reversal-after-processor',
] as const;

export type PaymentCheckpoint = (typeof PAYMENT_CHECKPOINTS)[number];

export interface PaymentCheckpoints {
  /** Called as the pipeline passes a step; the pipeline waits for it. */
  reached(checkpoint: PaymentCheckpoint): Promise<void>;
}

/** The product's listener: passes every step at once. */
export const NO_CHECKPOINTS: PaymentCheckpoints = { reached: async () => undefined };
