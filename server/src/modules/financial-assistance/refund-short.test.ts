import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ASSISTANCE_REVIEW_PATHS,
  caseSchema,
  type Case,
} from '@webpay/contracts/assistance-application';
import { PAYMENT_DESK_PATHS, reversalResultSchema } from '@webpay/contracts/payment-desk';
import { assistanceApplications, auditEvents, paymentReversals } from '../../db/schema.ts';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import { DEMO_STAFF } from '../../demo/demo-staff.ts';
import {
  application,
  applications,
  householdAnswers,
  submit,
  trackerOf,
} from '../../../test/support/assistance.ts';
import { settleSandbox } from '../../../test/support/converge-sandbox.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import { mintStaffSession, officeCall } from '../../../test/support/office.ts';
import { MARIA_LINES, newKey, payByCard, paymentByRef } from '../../../test/support/payments.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';

/*
 * An approval whose refund cannot all be requested (issue #27): part of
 * Maria's newest payment is already held by a refund waiting on the desk, so
 * the approval's requests come up short of what its letter says she is owed.
 * The gap is audited and the case page states it.
 */

const { maria } = DEMO_GUARANTORS;
const SURGERY = '40010001';

async function caseOf(response: Response): Promise<Case> {
  if (response.status !== 200) throw new Error(`${response.status} ${await response.text()}`);
  return caseSchema.parse(await response.json());
}

describe.each(testDatabaseKinds)(
  'an approval whose refund the desk cannot all take (%s)',
  (kind) => {
    let server: TestServer;
    let reference: string;
    let decided: Case;

    beforeAll(async () => {
      // $5.00, so the desk's $30.00 refund waits for a second supervisor and holds its part.
      server = await startTestServer(kind, { env: { REFUND_APPROVAL_THRESHOLD: '5.00' } });
      const token = await server.login(maria.accountNumber, maria.pin);
      const { started } = await payByCard(server, token, {
        accounts: [MARIA_LINES.surgery(40)],
        acknowledgePending: true,
      });
      const payment = await paymentByRef(server.database.db, started.refNum);
      await settleSandbox(server.baseUrl, server.env);
      const supervisor = await mintStaffSession(server, DEMO_STAFF.supervisor.email);
      const held = await officeCall(server, PAYMENT_DESK_PATHS.refund(payment?.id ?? ''), {
        token: supervisor,
        body: { amount: '30.00', reason: 'Overpaid', idempotencyKey: newKey() },
      });
      expect(reversalResultSchema.parse(await held.json()).reversal.status).toBe(
        'awaiting_approval',
      );

      const surgery = (await applications(server, token)).openAccounts.filter(
        (account) => account.accountNumber === SURGERY,
      );
      reference = (
        await trackerOf(
          await submit(server, token, application(householdAnswers(surgery, 4, 40_000))),
        )
      ).reference;
      const approve = async (email: string) =>
        officeCall(server, ASSISTANCE_REVIEW_PATHS.approve(reference), {
          token: await mintStaffSession(server, email),
          body: {},
        });
      // Free care above the policy's amount: the second reviewer's approval decides it.
      expect((await caseOf(await approve(DEMO_STAFF.reviewer.email))).firstApproval).not.toBeNull();
      decided = await caseOf(await approve(DEMO_STAFF.secondReviewer.email));
    });

    afterAll(async () => {
      await server?.close();
    });

    it('records what the refund requests could not cover and shows it on the case', async () => {
      const [row] = await server.database.db
        .select({ id: assistanceApplications.id })
        .from(assistanceApplications)
        .where(eq(assistanceApplications.reference, reference));
      const requests = await server.database.db
        .select()
        .from(paymentReversals)
        .where(like(paymentReversals.idempotencyKey, `assistance:${row?.id ?? ''}:%`));
      const requestedCents = requests.reduce((sum, request) => sum + request.amountCents, 0);
      const refundCents = decided.decision?.refundCents ?? 0;
      // The $30.00 waiting on the desk is the gap: all she paid is owed back, free care.
      expect(refundCents - requestedCents).toBe(3_000);
      expect(decided.refundShortCents).toBe(3_000);

      const audited = await server.database.db
        .select()
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.action, 'assistance.refund_short'),
            eq(auditEvents.targetId, row?.id ?? ''),
          ),
        );
      expect(audited.map((entry) => entry.details)).toEqual([
        { reference, refundCents, requestedCents, shortCents: 3_000 },
      ]);

      // Read again later, the case still says it.
      const reviewer = await mintStaffSession(server, DEMO_STAFF.reviewer.email);
      const read = await caseOf(
        await officeCall(server, ASSISTANCE_REVIEW_PATHS.case(reference), { token: reviewer }),
      );
      expect(read.refundShortCents).toBe(3_000);
    });
  },
);
