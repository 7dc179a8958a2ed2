// The sandbox processor's test cards and bank accounts, for tests that pay.
export * from '../../src/modules/converge-sandbox/test-instruments.ts';
