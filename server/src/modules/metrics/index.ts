// What other modules may use of metrics; everything else stays inside it.
export * from './metrics.ts';
