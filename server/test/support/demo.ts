// The demo guarantors as the browser tests and benchmarks sign in with them.
export * from '../../src/demo/demo-guarantors.ts';
