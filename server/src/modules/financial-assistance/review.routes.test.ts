import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ASSISTANCE_APPLICATION_PATHS,
  ASSISTANCE_REVIEW_PATHS,
  caseSchema,
  documentLinkSchema,
  queueSchema,
  type Case,
} from '@webpay/contracts/assistance-application';
import { errorObjectSchema } from '@webpay/contracts/errors';
import { auditEvents, encounters } from '../../db/schema.ts';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import { DEMO_STAFF } from '../../demo/demo-staff.ts';
import { PostingService, postingFile } from '../posting/index.ts';
import {
  application,
  applications,
  householdAnswers,
  photoWithMetadata,
  submit,
  trackerOf,
  upload,
} from '../../../test/support/assistance.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import { officeCall, staffSignIn } from '../../../test/support/office.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';

const { maria } = DEMO_GUARANTORS;
const OPERATOR_CONTEXT = { requestId: 'test-export', correlationId: 'test-export', ipAddress: '' };

async function caseOf(response: Response): Promise<Case> {
  if (response.status !== 200) throw new Error(`${response.status} ${await response.text()}`);
  return caseSchema.parse(await response.json());
}

describe.each(testDatabaseKinds)('the billing office reviews an application (%s)', (kind) => {
  let server: TestServer;
  let guarantor: string;
  let reference: string;
  let documentId: string;
  const staff = { reviewer: '', second: '', agent: '' };

  const call = (path: string, token: string, body?: unknown) =>
    officeCall(server, path, { token, ...(body === undefined ? {} : { body }) });

  beforeAll(async () => {
    server = await startTestServer(kind);
    guarantor = await server.login(maria.accountNumber, maria.pin);
    const listed = await applications(server, guarantor);
    const tracker = await trackerOf(
      await submit(
        server,
        guarantor,
        application(householdAnswers(listed.openAccounts, 4, 40_000)),
      ),
    );
    reference = tracker.reference;
    const sent = await upload(
      server,
      guarantor,
      reference,
      {
        memberIndex: 0,
        kind: 'income',
        fileName: 'pay-stub.png',
      },
      { bytes: photoWithMetadata(), contentType: 'image/png' },
    );
    documentId = ((await sent.json()) as { id: string }).id;
    staff.reviewer = await staffSignIn(server, DEMO_STAFF.reviewer);
    staff.second = await staffSignIn(server, DEMO_STAFF.secondReviewer);
    staff.agent = await staffSignIn(server, DEMO_STAFF.agent);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('lists it in the queue for every role, with its window and age', async () => {
    const response = await call(ASSISTANCE_REVIEW_PATHS.queue, staff.agent);
    const queue = queueSchema.parse(await response.json());
    const item = queue.items.find((entry) => entry.reference === reference);
    expect(item).toMatchObject({
      status: 'submitted',
      guarantorName: 'Maria Garcia',
      accountNumber: maria.accountNumber,
      ageDays: 0,
      awaitingSecondReview: false,
    });
    expect(item?.windowDaysLeft).toBeGreaterThan(0);
  });

  it('shows an agent the case without its documents or decisions', async () => {
    const seen = await caseOf(await call(ASSISTANCE_REVIEW_PATHS.case(reference), staff.agent));
    expect(seen.canReview).toBe(false);
    expect(seen.assessment).toMatchObject({ percentOfPoverty: 121, discountPercent: 100 });
    expect(seen.signature.name).toBe('Maria Garcia');
    const link = await call(
      ASSISTANCE_REVIEW_PATHS.documentLink(reference, documentId),
      staff.agent,
      {},
    );
    expect(link.status).toBe(403);
    const approve = await call(ASSISTANCE_REVIEW_PATHS.approve(reference), staff.agent, {});
    expect(approve.status).toBe(403);
    expect(errorObjectSchema.parse(await approve.json()).code).toBe('STAFF_PERMISSION_REQUIRED');
  });

  it('serves a document to a reviewer through a short-lived link, every view audited', async () => {
    const link = documentLinkSchema.parse(
      await (
        await call(ASSISTANCE_REVIEW_PATHS.documentLink(reference, documentId), staff.reviewer, {})
      ).json(),
    );
    const file = await fetch(`${server.baseUrl}${link.url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('cache-control')).toBe('no-store');
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    // The photo's text chunk (a name and a place) was stripped before it was stored.
    expect(bytes.includes(Buffer.from('tEXt'))).toBe(false);
    const views = await server.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'assistance.document_viewed'));
    expect(views.at(-1)).toMatchObject({ actorType: 'staff', outcome: 'success' });

    const tampered = `${link.url.slice(0, -3)}abc`;
    expect((await fetch(`${server.baseUrl}${tampered}`)).status).toBe(404);
  });

  it('asks for more information, and her answer puts it back in review', async () => {
    const started = await caseOf(
      await call(ASSISTANCE_REVIEW_PATHS.startReview(reference), staff.reviewer, {}),
    );
    expect(started.status).toBe('in_review');
    const asked = await caseOf(
      await call(ASSISTANCE_REVIEW_PATHS.requestInformation(reference), staff.reviewer, {
        items: ['Your last two pay stubs'],
        message: 'Photos of both are fine.',
      }),
    );
    expect(asked.status).toBe('need_information');
    expect(asked.requestedItems).toEqual(['Your last two pay stubs']);
    expect(asked.informationDueOn).not.toBeNull();
    expect(asked.letters.map((letter) => letter.kind)).toEqual(['incomplete']);
    expect(asked.letters[0]?.body).toContain('Your last two pay stubs');

    const tracker = await trackerOf(
      await server.api(ASSISTANCE_APPLICATION_PATHS.application(reference), { token: guarantor }),
    );
    expect(tracker.status).toBe('need_information');
    // The guarantor reads the office's message, never a staff member's name.
    expect(tracker.timeline.at(-1)).toMatchObject({
      author: 'office',
      text: 'Photos of both are fine.',
    });

    const answered = await trackerOf(
      await server.api(ASSISTANCE_APPLICATION_PATHS.reply(reference), {
        token: guarantor,
        body: { text: 'Both are attached.' },
      }),
    );
    expect(answered.status).toBe('in_review');
    expect(answered.informationDueOn).toBeNull();
    // Answered, the request no longer reads as outstanding to the office either.
    const reviewing = await caseOf(
      await call(ASSISTANCE_REVIEW_PATHS.case(reference), staff.reviewer),
    );
    expect(reviewing).toMatchObject({ requestedItems: [], informationDueOn: null });
  });

  it('decides an approval above the policy amount only with a second reviewer', async () => {
    const first = await caseOf(
      await call(ASSISTANCE_REVIEW_PATHS.approve(reference), staff.reviewer, {}),
    );
    expect(first.status).toBe('in_review');
    expect(first.firstApproval).toMatchObject({
      staffName: 'Dana Whitfield',
      discountPercent: 100,
    });
    const again = await call(ASSISTANCE_REVIEW_PATHS.approve(reference), staff.reviewer, {});
    expect(again.status).toBe(409);
    expect(errorObjectSchema.parse(await again.json()).code).toBe('SECOND_REVIEWER_REQUIRED');

    const decided = await caseOf(
      await call(ASSISTANCE_REVIEW_PATHS.approve(reference), staff.second, {}),
    );
    expect(decided.status).toBe('approved');
    // Free care: every balance comes off, and what she paid on these accounts is owed back.
    const total = (pick: (account: Case['accounts'][number]) => number) =>
      decided.accounts.reduce((sum, account) => sum + pick(account), 0);
    expect(decided.decision).toMatchObject({
      discountPercent: 100,
      totalAdjustmentCents: total((account) => account.balanceCents),
      refundCents: total((account) => account.paymentsCents),
    });
    expect(decided.hold).toMatchObject({ active: false, releaseReason: 'decided' });
    expect(decided.hold.releasedAt).not.toBeNull();
    expect(decided.letters.map((letter) => letter.kind)).toEqual(['incomplete', 'approval']);

    // Free care: her balances are taken down now, the adjustments pending until posted.
    const rows = await server.database.db
      .select({ balanceCents: encounters.balanceCents })
      .from(encounters)
      .where(
        and(
          eq(encounters.guarantorId, decided.guarantorId),
          inArray(
            encounters.accountNumber,
            decided.accounts.map((account) => account.accountNumber),
          ),
        ),
      );
    expect(rows.every((row) => row.balanceCents === 0)).toBe(true);
    const tracker = await trackerOf(
      await server.api(ASSISTANCE_APPLICATION_PATHS.application(reference), { token: guarantor }),
    );
    expect(tracker.accounts.every((account) => account.adjustmentStatus === 'pending')).toBe(true);
  });

  it('posts the adjustments in one export, once, and the confirmation confirms them', async () => {
    const posting = new PostingService(server.database.db);
    const batch = await posting.exportPayments({}, OPERATOR_CONTEXT);
    const lines = batch.lines.filter((line) => line.receiptId === reference);
    expect(lines.length).toBeGreaterThan(0);
    expect(
      lines.every((line) => line.entry === 'assistance_adjustment' && line.amountCents < 0),
    ).toBe(true);
    const again = await posting.exportPayments({}, OPERATOR_CONTEXT);
    expect(again.lines.filter((line) => line.receiptId === reference)).toEqual([]);

    const report = await posting.applyConfirmation(
      postingFile(lines),
      { fileName: 'confirmation.csv', dryRun: false },
      OPERATOR_CONTEXT,
    );
    expect(report.problems).toEqual([]);
    expect(report.results).toEqual([
      expect.objectContaining({ receiptId: reference, adjustment: true, outcome: 'applied' }),
    ]);
    const tracker = await trackerOf(
      await server.api(ASSISTANCE_APPLICATION_PATHS.application(reference), { token: guarantor }),
    );
    expect(tracker.accounts.every((account) => account.adjustmentStatus === 'confirmed')).toBe(
      true,
    );
  });
});
