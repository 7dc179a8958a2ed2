// What other modules may use of auth; everything else stays inside it.
export * from './auth.repository.ts';
export * from './auth.service.ts';
export { SessionRead, type ReadValues, type SessionReadSpec } from './session-read.ts';
