import { expect } from 'vitest';
import { errorObjectSchema, type ErrorObject } from '@webpay/contracts/errors';

/*
 * What a fault may turn into on the wire: the SPEC error object with a
 * stable code and words for the guarantor, never a bare 500, an HTML page
 * or a dropped connection.
 */

/** Reads an answer that must be the error object with this status and code. */
export async function expectErrorObject(
  response: Response,
  status: number,
  code: string,
): Promise<ErrorObject> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  const body = errorObjectSchema.strict().parse(JSON.parse(text));
  expect(body).toMatchObject({ status, code });
  expect(body.details.join(' ')).not.toBe('');
  expect(body.requestId).toBeTruthy();
  return body;
}

/** How long `work` took, with its result. */
export async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
}
