// What other modules may use of the job engine.
export * from './job-engine.ts';
export * from './operator-retry.ts';
