// What other modules may use of payment-history; everything else stays inside it.
export * from './payment-history.service.ts';
