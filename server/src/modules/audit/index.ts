// What other modules may use of audit; everything else stays inside it.
export * from './audit.repository.ts';
