// What other modules may use of statements; everything else stays inside it.
export * from './statements.service.ts';
export * from './pin-letter-pdf.ts';
