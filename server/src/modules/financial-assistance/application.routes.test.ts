import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ASSISTANCE_APPLICATION_PATHS,
  applicationDocumentSchema,
} from '@webpay/contracts/assistance-application';
import { errorObjectSchema } from '@webpay/contracts/errors';
import { assistanceDocuments, auditEvents } from '../../db/schema.ts';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import {
  application,
  applications,
  householdAnswers,
  renamedExecutable,
  photoWithMetadata,
  submit,
  trackerOf,
  upload,
} from '../../../test/support/assistance.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';

const { maria, james } = DEMO_GUARANTORS;

async function errorOf(response: Response) {
  return errorObjectSchema.parse(await response.json());
}

describe.each(testDatabaseKinds)('a guarantor applies for financial assistance (%s)', (kind) => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    token = await server.login(maria.accountNumber, maria.pin);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('offers every open account, and whether the policy asks about assets', async () => {
    const listed = await applications(server, token);
    expect(listed.canApply).toBe(true);
    expect(listed.assetTest).toBe(false);
    expect(listed.applicantName).toBe('Maria Garcia');
    expect(listed.openAccounts.map((account) => account.accountNumber)).toEqual(
      expect.arrayContaining(['40010001', '40010002']),
    );
    expect(listed.openAccounts.every((account) => account.balanceCents > 0)).toBe(true);
  });

  it('refuses an account that is not one of hers, and assets the policy does not ask for', async () => {
    const listed = await applications(server, token);
    const answers = householdAnswers(listed.openAccounts, 4, 40_000);
    const foreign = await submit(
      server,
      token,
      application({
        ...answers,
        accounts: [...answers.accounts, { facilityId: '107', accountNumber: '99999999' }],
      }),
    );
    expect(foreign.status).toBe(404);
    expect((await errorOf(foreign)).details.join(' ')).toContain(
      `body.answers.accounts.${answers.accounts.length}`,
    );
    const assets = await submit(
      server,
      token,
      application({
        ...answers,
        assets: { cashCents: 10_000, otherCents: 0 },
      }),
    );
    expect(assets.status).toBe(400);
    expect((await errorOf(assets)).details.join(' ')).toContain('body.answers.assets');
  });

  it('keeps the application with its signature, once per key, and one open at a time', async () => {
    const listed = await applications(server, token);
    const body = application(householdAnswers(listed.openAccounts, 4, 40_000));
    body.answers.members = body.answers.members.map((member, index) =>
      index === 1 ? { ...member, documents: 'send_later' } : member,
    );
    const key = randomUUID();
    const tracker = await trackerOf(await submit(server, token, body, key));
    expect(tracker.reference).toMatch(/^FA-[A-HJKMNP-Z2-9]{8}$/);
    expect(tracker.status).toBe('submitted');
    expect(tracker.hold).toMatchObject({ active: true, keepPaying: false });
    expect(tracker.accounts).toHaveLength(listed.openAccounts.length);
    expect(tracker.timeline).toEqual([
      expect.objectContaining({ kind: 'status', status: 'submitted', author: 'guarantor' }),
    ]);
    // Each member with income has a proof outstanding until it arrives, now or later.
    expect(tracker.documents).toEqual([
      expect.objectContaining({ memberIndex: 0, status: 'outstanding', fileName: null }),
      expect.objectContaining({ memberIndex: 1, status: 'outstanding', fileName: null }),
    ]);

    // The same request again answers the same application.
    expect((await trackerOf(await submit(server, token, body, key))).reference).toBe(
      tracker.reference,
    );
    // Another body under the key is refused; another key finds one open already.
    const reused = await submit(server, token, { ...body, keepPaying: true }, key);
    expect(reused.status).toBe(409);
    expect((await errorOf(reused)).code).toBe('IDEMPOTENCY_KEY_REUSED');
    const second = await submit(server, token, body);
    expect(second.status).toBe(409);
    const refusal = await errorOf(second);
    expect(refusal.code).toBe('APPLICATION_ALREADY_OPEN');
    expect(refusal.details[0]).toContain(tracker.reference);
    const after = await applications(server, token);
    expect(after.canApply).toBe(false);
    // The list shows what the application covered when it was sent.
    expect(after.applications).toEqual([
      expect.objectContaining({
        reference: tracker.reference,
        status: 'submitted',
        totalBalanceCents: listed.openAccounts.reduce(
          (sum, account) => sum + account.balanceCents,
          0,
        ),
      }),
    ]);
  });

  it('takes a real photo stripped of its metadata, and refuses a renamed executable', async () => {
    const [open] = (await applications(server, token)).applications;
    const reference = open?.reference ?? '';
    const tracker = await trackerOf(
      await server.api(ASSISTANCE_APPLICATION_PATHS.application(reference), { token }),
    );
    const later = tracker.documents.find((document) => document.memberIndex === 1);

    const photo = await upload(
      server,
      token,
      reference,
      {
        memberIndex: 1,
        kind: 'income',
        fileName: 'pay-stub.png',
        documentId: later?.id,
      },
      { bytes: photoWithMetadata(), contentType: 'image/png' },
    );
    expect(photo.status).toBe(200);
    const stored = applicationDocumentSchema.parse(await photo.json());
    expect(stored).toMatchObject({ id: later?.id, status: 'received', contentType: 'image/png' });

    const [row] = await server.database.db
      .select()
      .from(assistanceDocuments)
      .where(eq(assistanceDocuments.id, stored.id));
    // Sealed at rest: neither the image nor its stripped text is readable in the row.
    expect(row?.sealed?.includes(Buffer.from('IHDR'))).toBe(false);
    expect(row?.sizeBytes).toBeLessThan(photoWithMetadata().length);
    expect(row?.sha256).toMatch(/^[0-9a-f]{64}$/);

    const executable = await upload(
      server,
      token,
      reference,
      {
        memberIndex: 0,
        kind: 'income',
        fileName: 'pay-stub.jpg',
      },
      { bytes: renamedExecutable(), contentType: 'image/jpeg' },
    );
    expect(executable.status).toBe(415);
    expect((await errorOf(executable)).code).toBe('DOCUMENT_REFUSED');
    const refusals = await server.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'assistance.document_refused'));
    expect(refusals.length).toBeGreaterThan(0);
  });

  it('shows another guarantor nothing of it', async () => {
    const [open] = (await applications(server, token)).applications;
    const other = await server.login(james.accountNumber, james.pin);
    const response = await server.api(
      ASSISTANCE_APPLICATION_PATHS.application(open?.reference ?? ''),
      { token: other },
    );
    expect(response.status).toBe(404);
    const upload404 = await upload(
      server,
      other,
      open?.reference ?? '',
      {
        memberIndex: 0,
        kind: 'income',
        fileName: 'a.png',
      },
      { bytes: photoWithMetadata(), contentType: 'image/png' },
    );
    expect(upload404.status).toBe(404);
  });

  it('takes messages while open, and a reply only when information was asked for', async () => {
    const [open] = (await applications(server, token)).applications;
    const reference = open?.reference ?? '';
    const written = await trackerOf(
      await server.api(ASSISTANCE_APPLICATION_PATHS.messages(reference), {
        token,
        body: { text: 'Can I send my pay stubs by mail?' },
      }),
    );
    expect(written.timeline.at(-1)).toMatchObject({
      kind: 'message',
      author: 'guarantor',
      text: 'Can I send my pay stubs by mail?',
    });
    const reply = await server.api(ASSISTANCE_APPLICATION_PATHS.reply(reference), {
      token,
      body: { text: '' },
    });
    expect(reply.status).toBe(409);
  });
});
