// What other modules may use of signup; everything else stays inside it.
export * from './signup.repository.ts';
