// What other modules may use of payments; everything else stays inside it.
export * from './converge/converge-amount.ts';
export * from './converge/converge-time.ts';
export * from './converge/converge-xml.ts';
export * from './converge/converge.client.ts';
export * from './converge/converge.errors.ts';
export * from './receipt-email.ts';
export * from './receipts.ts';
export * from './converge/converge.types.ts';
export * from './converge/verify-approval.ts';
export * from './payment-checkpoints.ts';
export { newPaymentReference, newReceiptId } from './payment-references.ts';
export { PaymentRecorder, approvalAmong } from './payment-recorder.ts';
export type { PaymentActor, PaymentAudit } from './payment-audit.ts';
export type { PaymentRow, PaymentsRepository } from './payments.repository.ts';
