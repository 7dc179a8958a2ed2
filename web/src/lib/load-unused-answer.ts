// The answer's body is not used; its schema (and zod) loads beside the request.
export const loadUnusedAnswerSchema = () =>
  import('./unused-answer.ts').then((module) => module.unusedAnswerSchema);
