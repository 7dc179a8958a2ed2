import { z } from 'zod';
import { LANGUAGES } from './language.ts';

// Apart from language.ts, so the portal can pick and format its language without loading zod.

export const languageSchema = z
  .enum(LANGUAGES)
  .meta({ id: 'Language', description: 'A supported language', example: 'es' });

/** PUT /auth/me/language: the signed-in portal's language switch. */
export const languageChangeRequestSchema = z
  .object({ language: languageSchema })
  .strict()
  .meta({ id: 'LanguageChangeRequest' });
export type LanguageChangeRequest = z.infer<typeof languageChangeRequestSchema>;
