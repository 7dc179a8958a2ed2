// What other modules may use of converge-sandbox; everything else stays inside it.
export * from './test-instruments.ts';
