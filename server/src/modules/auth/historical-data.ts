import { ROLES } from '@webpay/contracts/auth';

/**
 * How a read is refused for want of the historical-data role (SPEC §6) is
 * audited: refused reads of PHI are audited as well as granted ones
 * (PRODUCT.md, Audit), the same whether the requireHistoricalData hook or
 * a one-trip read's statement (session-read.ts) refuses. The target is the
 * route asked, `GET /api/v1/services/rcm-webpay-service/statements/:id`.
 */
export const HISTORICAL_DATA_REFUSAL = {
  action: 'access.denied',
  outcome: 'failure',
  targetType: 'route',
  details: { requiredRole: ROLES.historicalData },
} as const;
