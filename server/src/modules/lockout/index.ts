// What other modules may use of lockout; everything else stays inside it.
export * from './lockout.service.ts';
