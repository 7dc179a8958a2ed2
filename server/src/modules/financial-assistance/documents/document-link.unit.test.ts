import { DOCUMENT_LINK_SECONDS } from '@webpay/contracts/assistance-application';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { deriveKey } from '../../../lib/secrets.ts';
import { STAFF_TOKEN_AUDIENCE, StaffTokens } from '../../staff/index.ts';
import {
  DOCUMENT_LINK_AUDIENCE,
  DocumentLinkError,
  signDocumentLink,
  verifyDocumentLink,
} from './document-link.ts';

const SECRET = 'a-server-secret-of-at-least-thirty-two-characters';
const NOW = new Date('2026-03-02T15:04:05Z');
const CLAIMS = {
  documentId: '5f0c7a52-8d8e-4b7a-9a51-0e7d8e7f2c11',
  staffId: 'staff-reviewer-1',
  sessionId: 'session-1',
};
const later = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

/** A token signed with the link's own key, with claims a test chooses. */
function signedWithLinkKey(audience: string, lifetimeSeconds: number, issuedAt = NOW) {
  const iat = Math.floor(issuedAt.getTime() / 1000);
  return new SignJWT({ doc: CLAIMS.documentId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(CLAIMS.staffId)
    .setAudience(audience)
    .setIssuedAt(iat)
    .setExpirationTime(iat + lifetimeSeconds)
    .sign(new TextEncoder().encode(deriveKey(SECRET, 'assistance-document-link')));
}

describe('a document link', () => {
  it('names the document and the reviewer until it expires', async () => {
    const { token, expiresAt } = await signDocumentLink(CLAIMS, SECRET, NOW);
    expect(expiresAt).toEqual(later(DOCUMENT_LINK_SECONDS));
    await expect(verifyDocumentLink(token, SECRET, NOW)).resolves.toEqual(CLAIMS);
    await expect(
      verifyDocumentLink(token, SECRET, later(DOCUMENT_LINK_SECONDS - 1)),
    ).resolves.toEqual(CLAIMS);
  });

  it('carries no session when made without one', async () => {
    const { token } = await signDocumentLink(
      { documentId: CLAIMS.documentId, staffId: CLAIMS.staffId },
      SECRET,
      NOW,
    );
    const claims = await verifyDocumentLink(token, SECRET, NOW);
    expect(claims).toEqual({ documentId: CLAIMS.documentId, staffId: CLAIMS.staffId });
  });

  it('is refused once expired, and before it was made', async () => {
    const { token } = await signDocumentLink(CLAIMS, SECRET, NOW);
    await expect(verifyDocumentLink(token, SECRET, later(DOCUMENT_LINK_SECONDS))).rejects.toThrow(
      DocumentLinkError,
    );
    await expect(verifyDocumentLink(token, SECRET, later(3600))).rejects.toThrow(DocumentLinkError);
    await expect(verifyDocumentLink(token, SECRET, later(-60))).rejects.toThrow(DocumentLinkError);
  });

  it('is refused when changed, or checked under another secret', async () => {
    const { token } = await signDocumentLink(CLAIMS, SECRET, NOW);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const otherDocument = Buffer.from(
      JSON.stringify({ ...claims, doc: '0d5c9a3e-1b7f-4e2a-8c6d-3f9b2a1e7c40' }),
    ).toString('base64url');
    const flipped = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    for (const changed of [
      `${header}.${otherDocument}.${signature}`,
      `${header}.${payload}.${flipped}`,
      `${header}.${payload}.`,
      'not-a-token',
    ]) {
      await expect(verifyDocumentLink(changed, SECRET, NOW)).rejects.toThrow(DocumentLinkError);
    }
    await expect(verifyDocumentLink(token, `${SECRET}-rotated`, NOW)).rejects.toThrow(
      DocumentLinkError,
    );
  });

  it('is refused for another audience, even under its own key', async () => {
    await expect(
      verifyDocumentLink(await signedWithLinkKey(DOCUMENT_LINK_AUDIENCE, 60), SECRET, NOW),
    ).resolves.toMatchObject({ documentId: CLAIMS.documentId });
    const staffAudience = await signedWithLinkKey(STAFF_TOKEN_AUDIENCE, 60);
    await expect(verifyDocumentLink(staffAudience, SECRET, NOW)).rejects.toThrow(DocumentLinkError);
  });

  it('is refused when it would live longer than a link may', async () => {
    const lasting = await signedWithLinkKey(DOCUMENT_LINK_AUDIENCE, 3600);
    await expect(verifyDocumentLink(lasting, SECRET, NOW)).resolves.toBeDefined();
    await expect(
      verifyDocumentLink(lasting, SECRET, later(DOCUMENT_LINK_SECONDS + 1)),
    ).rejects.toThrow(DocumentLinkError);
  });

  it('is never a staff access token, and a staff access token is never a link', async () => {
    const staff = new StaffTokens({ keys: [{ kid: 'k1', secret: SECRET }] });
    const access = await staff.issue(
      { staffId: CLAIMS.staffId, sessionId: CLAIMS.sessionId },
      NOW,
      later(900),
    );
    await expect(staff.verify(access, NOW)).resolves.toBeDefined();
    await expect(verifyDocumentLink(access, SECRET, NOW)).rejects.toThrow(DocumentLinkError);
    const { token } = await signDocumentLink(CLAIMS, SECRET, NOW);
    await expect(staff.verify(token, NOW)).rejects.toThrow();
  });
});
