import { MAX_DOCUMENT_BYTES } from '@webpay/contracts/assistance-application';
import type { SealingKey } from '../../lib/payment-method-keys.ts';
import type { DocumentIntake, IntakeRefusal, TakenDocument } from './document-intake.ts';
import {
  declaredMatches,
  openDocument,
  sealDocument,
  sha256Hex,
  signDocumentLink,
  sniffDocument,
  stripMetadata,
  verifyDocumentLink,
} from './documents/index.ts';

/*
 * The service's documents handled by the documents/ checks: a file is what
 * its bytes say, must match the type it was sent as, loses its photo
 * metadata, and is sealed bound to its document id, so a sealed file moved
 * to another row does not open.
 */
export class SealedDocumentIntake implements DocumentIntake {
  constructor(
    private readonly keyring: readonly SealingKey[],
    /** Signs the reviewers' links: JWT_SECRET. */
    private readonly linkSecret: string,
  ) {}

  take(
    documentId: string,
    bytes: Buffer,
    declaredType: string | undefined,
  ): TakenDocument | { refused: IntakeRefusal } {
    if (bytes.length > MAX_DOCUMENT_BYTES) return { refused: 'too_large' };
    const sniffed = sniffDocument(bytes);
    if ('refused' in sniffed) return { refused: sniffed.refused };
    const generic = declaredType === undefined || declaredType === 'application/octet-stream';
    if (!generic && !declaredMatches(declaredType, sniffed.contentType)) {
      return { refused: 'type_mismatch' };
    }
    const stripped = stripMetadata(bytes, sniffed.contentType).bytes;
    const { sealed, keyId } = sealDocument(this.keyring, documentId, stripped);
    return {
      contentType: sniffed.contentType,
      sizeBytes: stripped.length,
      sha256: sha256Hex(stripped),
      sealed,
      keyId,
    };
  }

  open(documentId: string, sealed: Buffer, keyId: string): Buffer {
    return openDocument(this.keyring, documentId, { sealed, keyId });
  }

  async link(claims: { documentId: string; staffId: string }, now: Date): Promise<string> {
    return (await signDocumentLink(claims, this.linkSecret, now)).token;
  }

  async readLink(token: string, now: Date) {
    try {
      const claims = await verifyDocumentLink(token, this.linkSecret, now);
      return { documentId: claims.documentId, staffId: claims.staffId };
    } catch {
      return undefined;
    }
  }
}
