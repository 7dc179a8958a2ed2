import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  autopayCharges,
  paymentAuthorizations,
  paymentPlans,
  planInstalments,
} from '../../db/schema.ts';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database.ts';
import { guarantorIdOf, insertCard, insertPlan } from '../../../test/support/autopay.ts';
import { AuditRepository } from '../audit/index.ts';
import { AutopayEnrolment } from './autopay-enrolment.ts';

const context = { requestId: 'test-enrolment', correlationId: 'test', ipAddress: '' };
// Friday the 15th: three business days before is Tuesday the 12th.
const CHARGE_DATE = '2027-01-15';

describe('autopay skip and cancel windows', () => {
  let database: TestDatabase;
  let guarantorId: string;
  let today = '2027-01-12';
  let enrolment: AutopayEnrolment;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    guarantorId = await guarantorIdOf(db(), DEMO_GUARANTORS.maria.accountNumber);
    enrolment = new AutopayEnrolment(db(), new AuditRepository(db()), () => today, 3);
  });
  afterAll(async () => {
    await database?.close();
  });

  const db = () => database.db;
  async function noticedPlan() {
    const method = await insertCard(db(), guarantorId, `tok-approve-${randomUUID()}`);
    const plan = await insertPlan(db(), guarantorId, method, [CHARGE_DATE]);
    const instalmentId = plan.instalmentIds[0] ?? '';
    await db().insert(autopayCharges).values({
      id: randomUUID(),
      guarantorId,
      kind: 'instalment',
      planId: plan.planId,
      instalmentId,
      attempt: 1,
      chargeDate: CHARGE_DATE,
      amountCents: 5_000,
      paymentMethodId: method,
      status: 'noticed',
      noticeSentAt: new Date(),
    });
    const authorizationId = randomUUID();
    await db().insert(paymentAuthorizations).values({
      id: authorizationId,
      guarantorId,
      kind: 'plan',
      planId: plan.planId,
      paymentMethodId: method,
      text: 'accepted',
      language: 'en',
      acceptedAt: new Date(),
    });
    const status = async () =>
      (
        await db()
          .select()
          .from(autopayCharges)
          .where(eq(autopayCharges.instalmentId, instalmentId))
      )[0]?.status;
    return { ...plan, instalmentId, authorizationId, status };
  }

  it('skips a charge until its change deadline, and refuses after it', async () => {
    const late = await noticedPlan();
    today = '2027-01-13';
    await expect(
      enrolment.skip(
        guarantorId,
        { kind: 'instalment', planNumber: late.planNumber, instalmentNumber: 1 },
        context,
      ),
    ).rejects.toMatchObject({ statusCode: 400 });
    expect(await late.status()).toBe('noticed');

    const inTime = await noticedPlan();
    today = '2027-01-12';
    await enrolment.skip(
      guarantorId,
      { kind: 'instalment', planNumber: inTime.planNumber, instalmentNumber: 1 },
      context,
    );
    expect(await inTime.status()).toBe('skipped');
    const [instalment] = await db()
      .select()
      .from(planInstalments)
      .where(eq(planInstalments.id, inTime.instalmentId));
    expect(instalment?.skippedAt).toBeInstanceOf(Date);
  });

  it('cancelling inside the window stops the charge and revokes the authorization', async () => {
    const plan = await noticedPlan();
    today = '2027-01-11';
    expect(await enrolment.cancelPlanAutopay(plan.planId, { kind: 'guarantor' }, context)).toEqual({
      stillCharging: null,
    });
    expect(await plan.status()).toBe('cancelled');
    const [row] = await db().select().from(paymentPlans).where(eq(paymentPlans.id, plan.planId));
    expect(row).toMatchObject({ autopayMethodId: null, type: 'Mail-in' });
    const [authorization] = await db()
      .select()
      .from(paymentAuthorizations)
      .where(eq(paymentAuthorizations.id, plan.authorizationId));
    expect(authorization).toMatchObject({ revokedBy: 'guarantor' });
    expect(authorization?.revokedAt).toBeInstanceOf(Date);
  });

  it('cancelling after the window leaves the imminent charge to run and says so', async () => {
    const plan = await noticedPlan();
    today = '2027-01-14';
    expect(await enrolment.cancelPlanAutopay(plan.planId, { kind: 'guarantor' }, context)).toEqual({
      stillCharging: { date: CHARGE_DATE, amountCents: 5_000 },
    });
    expect(await plan.status()).toBe('noticed');
  });

  it('staff stop every charge not yet charging, whatever the window', async () => {
    const plan = await noticedPlan();
    today = '2027-01-14';
    const stopped = await enrolment.cancelPlanAutopay(
      plan.planId,
      { kind: 'staff', staffId: 'staff-1', reason: 'guarantor asked by phone' },
      context,
    );
    expect(stopped).toEqual({ stillCharging: null });
    expect(await plan.status()).toBe('cancelled');
    const [authorization] = await db()
      .select()
      .from(paymentAuthorizations)
      .where(eq(paymentAuthorizations.id, plan.authorizationId));
    expect(authorization).toMatchObject({
      revokedBy: 'staff-1',
      revokeReason: 'guarantor asked by phone',
    });
  });
});
