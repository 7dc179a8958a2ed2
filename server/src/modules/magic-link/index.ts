// What other modules may use of magic-link; everything else stays inside it.
export * from './magic-link.service.ts';
