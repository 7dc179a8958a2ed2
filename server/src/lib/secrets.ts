import {
  createHash,
  createHmac,
  randomBytes,
  randomInt,
  scrypt,
  timingSafeEqual,
  type BinaryLike,
  type ScryptOptions,
} from 'node:crypto';

/*
 * PINs are short and guessable, so they get a slow, salted hash. Tokens and
 * e-mailed codes are random and short-lived; a plain SHA-256 is enough for
 * them and lets the service look a secret up by its hash.
 */

const SCRYPT_N = 16_384;
const SCRYPT_R = 8;
const SCRYPT_P = 1;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;

// A stored hash comes from the database; cap its cost parameters so a
// tampered row cannot make one verification eat the server's memory or CPU.
const MAX_N = 1_048_576;
const MAX_R = 32;
const MAX_P = 16;

function scryptAsync(
  secret: BinaryLike,
  salt: BinaryLike,
  keyLength: number,
  options: ScryptOptions,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(secret, salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

function scryptMemory(n: number, r: number): number {
  // scrypt needs 128·N·r bytes; leave headroom over Node's 32 MiB default.
  return 128 * n * r + 16 * 1024 * 1024;
}

interface ScryptCost {
  n: number;
  r: number;
  p: number;
}

const PIN_COST: ScryptCost = { n: SCRYPT_N, r: SCRYPT_R, p: SCRYPT_P };
/**
 * Staff passwords guard every patient's data, so they cost more: one of
 * OWASP's equivalent scrypt settings (N=2^15, r=8, p=3), 32 MiB a check.
 */
const PASSWORD_COST: ScryptCost = { n: 32_768, r: 8, p: 3 };

/** `scrypt$N$r$p$salt$hash` with base64url salt and hash. */
async function hashWithScrypt(secret: string, cost: ScryptCost): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scryptAsync(secret, salt, KEY_LENGTH, {
    N: cost.n,
    r: cost.r,
    p: cost.p,
    maxmem: scryptMemory(cost.n, cost.r),
  });
  return [
    'scrypt',
    cost.n,
    cost.r,
    cost.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

export function hashPin(pin: string): Promise<string> {
  return hashWithScrypt(pin.normalize('NFC'), PIN_COST);
}

/**
 * NIST SP 800-63B asks for Unicode normalisation (NFKC) before hashing, so
 * a password typed on another keyboard or system still matches.
 */
const normalizePassword = (password: string) => password.normalize('NFKC');

export function hashPassword(password: string): Promise<string> {
  return hashWithScrypt(normalizePassword(password), PASSWORD_COST);
}

interface ParsedHash {
  n: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [, nText = '', rText = '', pText = '', saltText = '', keyText = ''] = parts;
  if (![nText, rText, pText].every((text) => /^\d{1,8}$/.test(text))) return null;
  const n = Number(nText);
  const r = Number(rText);
  const p = Number(pText);
  // N must be a power of two above 1 for scrypt to accept it.
  if (n < 2 || n > MAX_N || (n & (n - 1)) !== 0) return null;
  if (r < 1 || r > MAX_R || p < 1 || p > MAX_P) return null;
  if (!BASE64URL.test(saltText) || !BASE64URL.test(keyText)) return null;
  const salt = Buffer.from(saltText, 'base64url');
  const key = Buffer.from(keyText, 'base64url');
  if (salt.length < 8 || key.length < 16 || key.length > 64) return null;
  return { n, r, p, salt, key };
}

async function matchesScryptHash(secret: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const candidate = await scryptAsync(secret, parsed.salt, parsed.key.length, {
    N: parsed.n,
    r: parsed.r,
    p: parsed.p,
    maxmem: scryptMemory(parsed.n, parsed.r),
  });
  return timingSafeEqual(candidate, parsed.key);
}

/** True when `pin` matches a hash made by {@link hashPin}; false for any malformed hash. */
export function verifyPin(pin: string, stored: string): Promise<boolean> {
  return matchesScryptHash(pin.normalize('NFC'), stored);
}

/** True when `password` matches a hash made by {@link hashPassword}; false for any malformed hash. */
export function verifyPassword(password: string, stored: string): Promise<boolean> {
  return matchesScryptHash(normalizePassword(password), stored);
}

/** SHA-256 hex of a high-entropy secret (magic-link token, e-mailed code) for lookup by hash. */
export function hashToken(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/**
 * HMAC-SHA256 hex of a value under a server key: recognises the same bank
 * account again without storing its number, and cannot be brute-forced from
 * the database alone because the key lives elsewhere.
 */
export function keyedFingerprint(key: string, value: string): string {
  return createHmac('sha256', key).update(value, 'utf8').digest('hex');
}

/** The fingerprint of a bank account: the same routing and account number always give the same value. */
export function bankAccountFingerprint(
  key: string,
  routingNumber: string,
  accountNumber: string,
): string {
  return keyedFingerprint(key, `${routingNumber.trim()}:${accountNumber.trim()}`);
}

/** Random URL-safe token (base64url), 32 bytes of entropy by default. */
export function randomToken(bytes = 32): string {
  if (!Number.isInteger(bytes) || bytes < 1 || bytes > 1024) {
    throw new RangeError('Token length must be an integer from 1 to 1024 bytes');
  }
  return randomBytes(bytes).toString('base64url');
}

/** `n` uniformly random decimal digits, leading zeros allowed (e-mailed codes, PINs). */
export function randomDigits(n: number): string {
  if (!Number.isInteger(n) || n < 1 || n > 64) {
    throw new RangeError('Digit count must be an integer from 1 to 64');
  }
  let digits = '';
  for (let i = 0; i < n; i += 1) digits += String(randomInt(10));
  return digits;
}

/**
 * A key for one purpose derived from a server secret, so one configured
 * secret can key several independent hashes without them ever being
 * comparable with each other.
 */
export function deriveKey(secret: string, purpose: string): string {
  return createHmac('sha256', secret).update(`webpay-key:${purpose}`, 'utf8').digest('hex');
}

/**
 * A UUID-shaped value (version 4 layout) determined by a keyed hash: the
 * same input always gives the same id, which cannot be told apart from a
 * random UUID without the key.
 */
export function keyedUuid(key: string, value: string): string {
  const hex = keyedFingerprint(key, value);
  const variant = ((parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    `4${hex.slice(13, 16)}`,
    `${variant}${hex.slice(17, 20)}`,
    hex.slice(20, 32),
  ].join('-');
}
