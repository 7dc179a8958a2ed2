// What other modules may use of challenges; everything else stays inside it.
export * from './challenge-secrets.ts';
export * from './challenges.repository.ts';
