import { z } from 'zod';

/** The error object of SPEC §3 / §8: every non-2xx answer of the service is one. */
export const errorObjectSchema = z
  .object({
    title: z.string(),
    status: z.number().int(),
    code: z.string(),
    details: z.array(z.string()),
    requestId: z.string().optional(),
    correlationId: z.string().optional(),
  })
  .meta({ id: 'ErrorObject', description: 'Every non-2xx answer of the service' });
export type ErrorObject = z.infer<typeof errorObjectSchema>;

export * from './error-codes.ts';

/** SPEC §3: a response counts as a product error when it has these fields. */
export function isErrorObject(value: unknown): value is ErrorObject {
  return errorObjectSchema.safeParse(value).success;
}
