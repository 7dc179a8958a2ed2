import { z } from 'zod';

/** The body of an answer the portal does not read (sign-out, the language change). */
export const unusedAnswerSchema = z.unknown();
