import { z } from 'zod';

/** The sign-out answer's body, which the portal does not use. */
export const logoutAnswerSchema = z.unknown();
