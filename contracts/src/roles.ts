import type { Claims } from './auth.ts';

// Apart from the auth schemas, so the portal can read a session's roles without loading zod.

export const ROLES = { historicalData: 'historical-data' } as const;

export function hasHistoricalDataRole(claims: Pick<Claims, 'roles'> | null | undefined): boolean {
  return claims?.roles.includes(ROLES.historicalData) ?? false;
}
