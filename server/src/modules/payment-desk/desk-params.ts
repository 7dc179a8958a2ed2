import { z } from 'zod';
import { plainText } from '@webpay/contracts/plain-text';

/** Payment and reversal ids are UUIDs: letters, digits and '-' only, never '.' or '/'. */
const id = () =>
  plainText()
    .min(1)
    .max(100)
    .regex(/^[\w-]+$/);

export const paymentParams = z.object({ id: id() });
export const reversalParams = z.object({ id: id(), reversalId: id() });

/** A contract path for payment `:id`, as a route pattern. */
export const paymentRoute = (path: (id: string) => string) => path(':id').replace('%3Aid', ':id');
