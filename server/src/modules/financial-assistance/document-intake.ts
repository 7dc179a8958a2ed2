import type { DocumentContentType } from '@webpay/contracts/assistance-application';

/*
 * What the application service asks of its documents' handling: a file
 * checked by its bytes, stripped of photo metadata and sealed before it is
 * stored; opened again for a reviewer; links that let a reviewer's browser
 * fetch one file for a short while.
 */

export interface TakenDocument {
  contentType: DocumentContentType;
  sizeBytes: number;
  /** Of the stored (stripped) file, hex. */
  sha256: string;
  sealed: Buffer;
  keyId: string;
}

/** Why a file is refused: the checks' reasons, and bytes that are not the type declared. */
export type IntakeRefusal = 'empty' | 'too_large' | 'not_a_document' | 'damaged' | 'type_mismatch';

export interface DocumentIntake {
  /** The file ready to store under `documentId` (its seal is bound to it), or why it is refused. */
  take(
    documentId: string,
    bytes: Buffer,
    declaredType: string | undefined,
  ): TakenDocument | { refused: IntakeRefusal };
  open(documentId: string, sealed: Buffer, keyId: string): Buffer;
  /** A token naming the document and the staff member, good for DOCUMENT_LINK_SECONDS. */
  link(claims: { documentId: string; staffId: string }, now: Date): Promise<string>;
  /** The claims of a live token; undefined for an expired, altered or foreign one. */
  readLink(token: string, now: Date): Promise<{ documentId: string; staffId: string } | undefined>;
}
