import { sealText, unsealText } from './sealed-text.ts';
import { deriveKey } from './secrets.ts';

/*
 * Keyrings for values sealed at rest: the keys that seal saved bank
 * accounts (PAYMENT_METHOD_KEYS), and in the same form those of other
 * sealed values, such as financial assistance documents. Each sealed value
 * is stored with the id of the key that sealed it, so keys can be rotated:
 * a new key goes first, old values stay readable under the old one until
 * they are sealed again (`webpay reseal-payment-methods` for bank accounts).
 */

export interface SealingKey {
  id: string;
  /** 32 bytes, hex (the form sealText takes). */
  keyHex: string;
}

/** A key that seals saved bank accounts. */
export type PaymentMethodKey = SealingKey;

const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

/** `id=base64,id=base64` → the keys, first sealing; or a message saying what is wrong. */
export function parseSealingKeys(text: string): SealingKey[] | string {
  const keys: SealingKey[] = [];
  for (const entry of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const separator = entry.indexOf('=');
    const id = entry.slice(0, separator);
    const bytes = Buffer.from(entry.slice(separator + 1), 'base64');
    if (separator < 1 || !KEY_ID.test(id)) {
      return 'each entry must be id=base64 with an id of letters, digits, - or _';
    }
    if (bytes.length !== 32)
      return `key ${id} must be 32 bytes in base64 (openssl rand -base64 32)`;
    if (keys.some((key) => key.id === id)) return `key ${id} is listed twice`;
    keys.push({ id, keyHex: bytes.toString('hex') });
  }
  return keys.length > 0 ? keys : 'must list at least one key';
}

/** The id of the key derived from JWT_SECRET when a keyring's setting is unset. */
export const DERIVED_KEY_ID = 'jwt';

/**
 * The configured keys, or one derived from the server secret for `purpose`
 * alone, so each kind of sealed value has its own key even then.
 */
export function sealingKeyring(
  configured: readonly SealingKey[] | undefined,
  jwtSecret: string,
  purpose: string,
): SealingKey[] {
  if (configured && configured.length > 0) return [...configured];
  return [{ id: DERIVED_KEY_ID, keyHex: deriveKey(jwtSecret, purpose) }];
}

/** The first key, which seals; throws when the keyring is empty. */
export function currentSealingKey(keyring: readonly SealingKey[], setting: string): SealingKey {
  const [current] = keyring;
  if (!current) throw new Error(`No key is configured (${setting})`);
  return current;
}

/** The key a sealed value names; throws when it is not configured. */
export function sealingKeyNamed(
  keyring: readonly SealingKey[],
  keyId: string,
  setting: string,
): SealingKey {
  const key = keyring.find((candidate) => candidate.id === keyId);
  if (!key) throw new Error(`Key ${keyId} is not configured (${setting})`);
  return key;
}

/** The configured keys, or the one derived from the server secret. */
export function paymentMethodKeyring(
  configured: readonly PaymentMethodKey[] | undefined,
  jwtSecret: string,
): PaymentMethodKey[] {
  return sealingKeyring(configured, jwtSecret, 'webpay-payment-methods');
}

/** A bank account as autopay debits it; sealed at rest, never logged. */
export interface BankAccountDetails {
  routingNumber: string;
  accountNumber: string;
  accountType: 'CHECKING' | 'SAVINGS';
}

/** Seals a bank account under the first (current) key: the sealed text and that key's id. */
export function sealBankAccount(
  keyring: readonly PaymentMethodKey[],
  details: BankAccountDetails,
): { sealed: string; keyId: string } {
  const current = currentSealingKey(keyring, 'PAYMENT_METHOD_KEYS');
  return { sealed: sealText(current.keyHex, JSON.stringify(details)), keyId: current.id };
}

/** Opens a sealed bank account with the key it names; throws when that key is not configured. */
export function openBankAccount(
  keyring: readonly PaymentMethodKey[],
  sealed: string,
  keyId: string,
): BankAccountDetails {
  const key = sealingKeyNamed(keyring, keyId, 'PAYMENT_METHOD_KEYS');
  return JSON.parse(unsealText(key.keyHex, sealed)) as BankAccountDetails;
}
