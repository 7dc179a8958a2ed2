import { createHash } from 'node:crypto';

/**
 * A UUID-shaped id derived from a stable name, so every demo row has the same
 * id on every load (tests and bookmarks can rely on them) without colliding
 * with the random UUIDs the service creates.
 */
export function demoId(name: string): string {
  const hex = createHash('sha256').update(`webpay-demo:${name}`).digest('hex');
  // Version 8 ("custom") and the RFC 4122 variant mark it as not random.
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    `8${hex.slice(13, 16)}`,
    `${((parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}`,
    hex.slice(20, 32),
  ].join('-');
}
