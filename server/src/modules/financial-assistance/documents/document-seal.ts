import { createHash } from 'node:crypto';
import {
  currentSealingKey,
  sealingKeyNamed,
  sealingKeyring,
  type SealingKey,
} from '../../../lib/payment-method-keys.ts';
import { openBytes, sealBytes } from '../../../lib/sealed-text.ts';

/*
 * Documents at rest: a pay stub or a benefits letter is sealed with
 * AES-256-GCM before it reaches the database, so a copy of the database or
 * of a backup alone shows nothing, and a changed byte is refused rather
 * than shown to a reviewer. The document's id is bound to the seal, so a
 * sealed file moved onto another document's row (another patient's
 * application) does not open there either. Keys rotate like the keys of
 * saved bank accounts: the stored key id names the one that opens it.
 */

/** The setting that lists the keys, `id=base64,...` (parseSealingKeys); the first seals. */
export const DOCUMENT_KEYS_SETTING = 'ASSISTANCE_DOCUMENT_KEYS';
const DERIVED_PURPOSE = 'webpay-assistance-documents';

/** The configured keys, or one derived from JWT_SECRET for documents alone. */
export function documentKeyring(
  configured: readonly SealingKey[] | undefined,
  jwtSecret: string,
): SealingKey[] {
  return sealingKeyring(configured, jwtSecret, DERIVED_PURPOSE);
}

/** A sealed document as stored: `iv|tag|ciphertext` for the bytea column, and its key's id. */
export interface SealedDocument {
  sealed: Buffer;
  keyId: string;
}

/** Seals a document's bytes under the first (current) key, bound to the document's id. */
export function sealDocument(
  keyring: readonly SealingKey[],
  documentId: string,
  bytes: Buffer,
): SealedDocument {
  const key = currentSealingKey(keyring, DOCUMENT_KEYS_SETTING);
  return { sealed: sealBytes(key.keyHex, bytes, Buffer.from(documentId)), keyId: key.id };
}

/**
 * The bytes sealDocument sealed for this document; throws when the key id
 * is not configured, or the data, the key or the document id is another.
 */
export function openDocument(
  keyring: readonly SealingKey[],
  documentId: string,
  stored: SealedDocument,
): Buffer {
  const key = sealingKeyNamed(keyring, stored.keyId, DOCUMENT_KEYS_SETTING);
  return openBytes(key.keyHex, stored.sealed, Buffer.from(documentId));
}

/** SHA-256 of the document as stored (after stripping), hex: kept after the file is purged. */
export function sha256Hex(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}
