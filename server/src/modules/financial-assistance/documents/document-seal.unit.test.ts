import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { paymentMethodKeyring, type SealingKey } from '../../../lib/payment-method-keys.ts';
import { documentKeyring, openDocument, sealDocument, sha256Hex } from './document-seal.ts';
import { sampleJpeg } from '../../../../test/support/sample-documents.ts';

const SECRET = 'a-server-secret-of-at-least-thirty-two-characters';
const DOCUMENT_ID = '5f0c7a52-8d8e-4b7a-9a51-0e7d8e7f2c11';
const key = (id: string): SealingKey => ({ id, keyHex: randomBytes(32).toString('hex') });

describe('sealing a document', () => {
  const keyring = documentKeyring(undefined, SECRET);
  const photo = sampleJpeg();

  it('opens to the same bytes, stored as iv, tag and ciphertext', () => {
    const stored = sealDocument(keyring, DOCUMENT_ID, photo);
    expect(stored.keyId).toBe('jwt');
    expect(stored.sealed).toHaveLength(12 + 16 + photo.length);
    expect(stored.sealed.includes(photo.subarray(0, 16))).toBe(false);
    expect(openDocument(keyring, DOCUMENT_ID, stored)).toEqual(photo);
  });

  it('seals the same bytes differently each time', () => {
    const first = sealDocument(keyring, DOCUMENT_ID, photo);
    const second = sealDocument(keyring, DOCUMENT_ID, photo);
    expect(first.sealed.equals(second.sealed)).toBe(false);
  });

  it('refuses a changed byte anywhere: iv, tag or ciphertext', () => {
    const stored = sealDocument(keyring, DOCUMENT_ID, photo);
    for (const at of [0, 12, 28, stored.sealed.length - 1]) {
      const sealed = Buffer.from(stored.sealed);
      sealed[at] = (sealed[at] ?? 0) ^ 0x01;
      expect(() => openDocument(keyring, DOCUMENT_ID, { ...stored, sealed })).toThrow();
    }
    const cut = stored.sealed.subarray(0, 20);
    expect(() => openDocument(keyring, DOCUMENT_ID, { ...stored, sealed: cut })).toThrow();
  });

  it("refuses a sealed file moved onto another document's row", () => {
    const stored = sealDocument(keyring, DOCUMENT_ID, photo);
    const other = '0d5c9a3e-1b7f-4e2a-8c6d-3f9b2a1e7c40';
    expect(() => openDocument(keyring, other, stored)).toThrow();
  });

  it('refuses a key id the keyring does not have, naming the setting', () => {
    const stored = sealDocument(keyring, DOCUMENT_ID, photo);
    expect(() => openDocument(keyring, DOCUMENT_ID, { ...stored, keyId: '2026' })).toThrow(
      /ASSISTANCE_DOCUMENT_KEYS/,
    );
  });

  it('seals under the first configured key and opens under an older one', () => {
    const [older, newer] = [key('2025'), key('2026')];
    const stored = sealDocument([older], DOCUMENT_ID, photo);
    const rotated = documentKeyring([newer, older], SECRET);
    expect(openDocument(rotated, DOCUMENT_ID, stored)).toEqual(photo);
    expect(sealDocument(rotated, DOCUMENT_ID, photo).keyId).toBe('2026');
    expect(() => openDocument([newer], DOCUMENT_ID, stored)).toThrow();
  });

  it("derives its own key from the server secret, not the bank accounts' one", () => {
    const [documents] = documentKeyring(undefined, SECRET);
    const [bankAccounts] = paymentMethodKeyring(undefined, SECRET);
    expect(documents?.keyHex).toMatch(/^[0-9a-f]{64}$/);
    expect(documents?.keyHex).not.toBe(bankAccounts?.keyHex);
    const stored = sealDocument(keyring, DOCUMENT_ID, photo);
    expect(() =>
      openDocument(paymentMethodKeyring(undefined, SECRET), DOCUMENT_ID, stored),
    ).toThrow();
  });

  it('refuses to seal with no key', () => {
    expect(() => sealDocument([], DOCUMENT_ID, photo)).toThrow(/ASSISTANCE_DOCUMENT_KEYS/);
  });
});

describe('the hash of a document', () => {
  it('is SHA-256 in hex', () => {
    expect(sha256Hex(Buffer.from('abc'))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(sha256Hex(Buffer.alloc(0))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
  });
});
