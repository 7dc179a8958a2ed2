import { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER } from '@webpay/contracts/api';

/** The Idempotency-Key header as Fastify reads it (lower case). */
export const IDEMPOTENCY_HEADER_NAME = IDEMPOTENCY_KEY_HEADER.toLowerCase();

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,128}$/;

/**
 * The headers of a call that creates something once per key (a payment, a
 * plan, a card setup, an application): the key is required and plain, and
 * the rest of the headers pass through untouched.
 */
export function idempotencyHeaders(description: string) {
  return z.looseObject({
    [IDEMPOTENCY_HEADER_NAME]: z
      .string({ error: `the ${IDEMPOTENCY_KEY_HEADER} header is required` })
      .regex(
        IDEMPOTENCY_KEY,
        `${IDEMPOTENCY_KEY_HEADER} must be 8 to 128 letters, digits, "-" or "_"`,
      )
      .meta({ description }),
  });
}
