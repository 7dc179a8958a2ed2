/*
 * The checks and protections every financial assistance document passes
 * through, as pure functions the service and routes call: what the bytes
 * really are (document-type.ts), the photo metadata removed
 * (strip-metadata.ts), sealed at rest (document-seal.ts), and the
 * short-lived link a reviewer opens it by (document-link.ts).
 */
export {
  DOCUMENT_REFUSALS,
  declaredMatches,
  sniffDocument,
  type DocumentRefusal,
  type SniffedDocument,
} from './document-type.ts';
export { stripMetadata, type StrippedDocument } from './strip-metadata.ts';
export type { Orientation } from './exif-orientation.ts';
export {
  DOCUMENT_KEYS_SETTING,
  documentKeyring,
  openDocument,
  sealDocument,
  sha256Hex,
  type SealedDocument,
} from './document-seal.ts';
export {
  DOCUMENT_LINK_AUDIENCE,
  DocumentLinkError,
  signDocumentLink,
  verifyDocumentLink,
  type DocumentLinkClaims,
  type SignedDocumentLink,
} from './document-link.ts';
