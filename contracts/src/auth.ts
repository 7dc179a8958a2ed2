import { z } from 'zod';
import { facilityIdSchema } from './facilities.ts';
import type { Translation } from './language.ts';
import { plainText } from './plain-text.ts';

export { hasHistoricalDataRole, ROLES } from './roles.ts';

/** How a session was started; only `totp` may save a new e-mail (SPEC §6). */
export const loginTypeSchema = z.enum(['pin', 'magic', 'totp']);
export type LoginType = z.infer<typeof loginTypeSchema>;

/** The sign-in fields' validation messages. */
export const AUTH_FIELD_MESSAGES = {
  accountNumberRequired: 'Account number is required',
  accountNumberFormat: 'Account number must be 6 to 12 digits',
  pinRequired: 'PIN is required',
  pinFormat: 'PIN must be 4 to 12 digits',
} as const;

export const AUTH_FIELD_MESSAGES_ES: Translation<typeof AUTH_FIELD_MESSAGES> = {
  accountNumberRequired: 'El número de cuenta es obligatorio',
  accountNumberFormat: 'El número de cuenta debe tener de 6 a 12 dígitos',
  pinRequired: 'El PIN es obligatorio',
  pinFormat: 'El PIN debe tener de 4 a 12 dígitos',
};

export const accountNumberSchema = plainText({ error: AUTH_FIELD_MESSAGES.accountNumberRequired })
  .trim()
  .min(1, AUTH_FIELD_MESSAGES.accountNumberRequired)
  .regex(/^\d{6,12}$/, AUTH_FIELD_MESSAGES.accountNumberFormat)
  .meta({ description: 'Guarantor account number printed on the statement', example: '100200300' });

export const pinSchema = plainText({ error: AUTH_FIELD_MESSAGES.pinRequired })
  .trim()
  .min(1, AUTH_FIELD_MESSAGES.pinRequired)
  .regex(/^\d{4,12}$/, AUTH_FIELD_MESSAGES.pinFormat)
  .meta({ description: 'Statement PIN', example: '48271936' });

/** POST /auth/login (PRODUCT.md, Sign-in: account number and statement PIN). */
export const pinLoginRequestSchema = z
  .object({ accountNumber: accountNumberSchema, pin: pinSchema })
  .strict()
  .meta({ id: 'PinLoginRequest' });
export type PinLoginRequest = z.infer<typeof pinLoginRequestSchema>;

/** SPEC §3 Login response. */
export const loginResponseSchema = z
  .object({
    access_token: z.string().min(1),
    expires_in: z
      .number()
      .int()
      .positive()
      .meta({ description: 'Seconds until the token expires' }),
  })
  .meta({ id: 'LoginResponse' });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** SPEC §3 Session claims, decoded from the token. */
export const claimsSchema = z
  .object({
    sub: z.string(),
    sid: z.string(),
    guarantor: z.string(),
    roles: z.array(z.string()),
    loginType: loginTypeSchema,
    iat: z.number().int(),
    exp: z.number().int(),
  })
  .meta({ id: 'TokenClaims' });
export type Claims = z.infer<typeof claimsSchema>;

/** SPEC §3 User. */
export const userSchema = z
  .object({
    email: z.string().nullable(),
    firstName: z.string(),
    lastName: z.string(),
    mmi: z.string(),
    supportPhone: z.string().optional(),
    context: z.object({ facility: facilityIdSchema, accountNumber: z.string() }),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;
