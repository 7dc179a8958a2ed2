import type { Env } from '../env.ts';

/**
 * The per-client throttle of every sign-in and verification route
 * (`config.rateLimit`), on top of the per-identifier lockout: each client
 * address may call each of those routes RATE_LIMIT_LOGIN_MAX times per window.
 */
export function signInRateLimit(
  env: Pick<Env, 'RATE_LIMIT_LOGIN_MAX' | 'RATE_LIMIT_LOGIN_WINDOW_SECONDS'>,
) {
  return {
    max: env.RATE_LIMIT_LOGIN_MAX,
    timeWindow: env.RATE_LIMIT_LOGIN_WINDOW_SECONDS * 1000,
  };
}
