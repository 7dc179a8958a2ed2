// What other modules may use of encounters; everything else stays inside it.
export * from './encounters-answer.ts';
export * from './encounters.repository.ts';
export * from './encounters.service.ts';
