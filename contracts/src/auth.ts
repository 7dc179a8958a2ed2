import { z } from 'zod';
import { facilityIdSchema } from './facilities.ts';

export const ROLES = { historicalData: 'historical-data' } as const;

/** How a session was started; only `totp` may save a new e-mail (SPEC §6). */
export const loginTypeSchema = z.enum(['pin', 'magic', 'totp']);
export type LoginType = z.infer<typeof loginTypeSchema>;

export const accountNumberSchema = z
  .string({ error: 'Account number is required' })
  .trim()
  .min(1, 'Account number is required')
  .regex(/^\d{6,12}$/, 'Account number must be 6 to 12 digits')
  .meta({ description: 'Guarantor account number printed on the statement', example: '100200300' });

export const pinSchema = z
  .string({ error: 'PIN is required' })
  .trim()
  .min(1, 'PIN is required')
  .regex(/^\d{4,12}$/, 'PIN must be 4 to 12 digits')
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

export function hasHistoricalDataRole(claims: Pick<Claims, 'roles'> | null | undefined): boolean {
  return claims?.roles.includes(ROLES.historicalData) ?? false;
}
