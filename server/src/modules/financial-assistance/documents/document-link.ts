import { DOCUMENT_LINK_SECONDS } from '@webpay/contracts/assistance-application';
import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';
import { deriveKey } from '../../../lib/secrets.ts';

/*
 * The link a reviewer opens a document by: a token naming the document and
 * the staff member it was made for, good for DOCUMENT_LINK_SECONDS, so a
 * link copied into a chat, a browser history or a proxy log is dead by the
 * time anyone else finds it. It is signed with a key derived for this
 * purpose alone and carries its own audience: a staff access token never
 * opens a document, and a document link never signs anyone in.
 */

const ALGORITHM = 'HS256';
export const DOCUMENT_LINK_AUDIENCE = 'webpay-assistance-document';
const PURPOSE = 'assistance-document-link';

export interface DocumentLinkClaims {
  documentId: string;
  /** The reviewer the link was made for: each view is audited under this id. */
  staffId: string;
  /** The staff session that asked for it, when known, so the file route can check it is still open. */
  sessionId?: string;
}

export interface SignedDocumentLink {
  token: string;
  expiresAt: Date;
}

export class DocumentLinkError extends Error {
  constructor() {
    super('document link invalid');
    this.name = 'DocumentLinkError';
  }
}

const claimsSchema = z.object({
  sub: z.string().min(1),
  doc: z.string().min(1),
  sid: z.string().min(1).optional(),
});

const linkKey = (secret: string) => new TextEncoder().encode(deriveKey(secret, PURPOSE));

/** A link token for one document and one reviewer, expiring DOCUMENT_LINK_SECONDS after `now`. */
export async function signDocumentLink(
  claims: DocumentLinkClaims,
  secret: string,
  now: Date,
): Promise<SignedDocumentLink> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = issuedAt + DOCUMENT_LINK_SECONDS;
  const token = await new SignJWT({
    doc: claims.documentId,
    ...(claims.sessionId === undefined ? {} : { sid: claims.sessionId }),
  })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(claims.staffId)
    .setAudience(DOCUMENT_LINK_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(linkKey(secret));
  return { token, expiresAt: new Date(expiresAt * 1000) };
}

/**
 * The link's claims; throws DocumentLinkError when it is expired, changed,
 * signed under another key or for another audience, or lives longer than a
 * link may.
 */
export async function verifyDocumentLink(
  token: string,
  secret: string,
  now: Date,
): Promise<DocumentLinkClaims> {
  try {
    const { payload } = await jwtVerify(token, linkKey(secret), {
      algorithms: [ALGORITHM],
      audience: DOCUMENT_LINK_AUDIENCE,
      currentDate: now,
      maxTokenAge: DOCUMENT_LINK_SECONDS,
      requiredClaims: ['sub', 'doc', 'aud', 'iat', 'exp'],
    });
    const claims = claimsSchema.parse(payload);
    return {
      documentId: claims.doc,
      staffId: claims.sub,
      ...(claims.sid === undefined ? {} : { sessionId: claims.sid }),
    };
  } catch {
    throw new DocumentLinkError();
  }
}
