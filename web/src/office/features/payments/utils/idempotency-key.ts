/**
 * One key per dialog opened: a retry of the same submission sends it again,
 * so the service makes the void or refund once however often it is asked.
 */
export function newIdempotencyKey(): string {
  return crypto.randomUUID().replaceAll('-', '');
}
