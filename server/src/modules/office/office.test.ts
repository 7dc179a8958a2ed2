import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@webpay/contracts/api';
import { encountersResponseSchema } from '@webpay/contracts/encounters';
import { guarantorPageSchema } from '@webpay/contracts/office';
import { paymentHistorySchema } from '@webpay/contracts/payment-history';
import { statementListSchema } from '@webpay/contracts/statements';
import {
  auditEvents,
  guarantors,
  paymentReversals,
  payments,
  pinLetters,
  receipts,
  sessions,
  staffMembers,
} from '../../db/schema.ts';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import { demoId } from '../../demo/ids.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { verifyPin } from '../../lib/secrets.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import { pdfText } from '../../../test/support/pdf-text.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import type { OfficeServices } from './office-services.ts';

const { maria, james, linda } = DEMO_GUARANTORS;
const agent = { staffId: 'staff-agent-1', sessionId: 'staff-session-1' };
const supervisor = { staffId: 'staff-supervisor-1', sessionId: 'staff-session-2' };

/** The value, which the test expects to be there. */
function defined<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('expected a value');
  return value;
}

function context(requestId: string, language: 'en' | 'es' = 'en'): RequestContext {
  return { requestId, correlationId: requestId, ipAddress: '198.51.100.7', language };
}

describe.each(testDatabaseKinds)('the billing office console (%s)', (kind) => {
  let server: TestServer;
  let office: OfficeServices;
  const ids = { maria: '', james: '', linda: '', jose: '' };

  const addGuarantor = async (firstName: string, lastName: string, extra = {}) => {
    const id = randomUUID();
    const number = String(900_000_000 + Math.floor(Math.random() * 99_999_999));
    await server.database.db.insert(guarantors).values({
      id,
      accountNumber: number,
      mmi: `M${number}`,
      firstName,
      lastName,
      birthdate: '1960-01-01',
      ...extra,
    });
    return { id, accountNumber: number };
  };
  const auditOf = async (requestId: string) =>
    server.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.requestId, requestId))
      .orderBy(desc(auditEvents.id));

  beforeAll(async () => {
    server = await startTestServer(kind);
    office = server.app.services.office;
    ids.maria = demoId(`guarantor:${maria.accountNumber}`);
    ids.james = demoId(`guarantor:${james.accountNumber}`);
    ids.linda = demoId(`guarantor:${linda.accountNumber}`);
    ids.jose = (await addGuarantor('José', 'García Núñez', { birthdate: '1985-04-12' })).id;
  });

  afterAll(async () => {
    await server?.close();
  });

  describe('search', () => {
    const search = (q: string, requestId = `search-${randomUUID()}`) =>
      office.search.search(q, agent, context(requestId));
    const hitFor = async (q: string, guarantorId: string) =>
      (await search(q)).hits.find((hit) => hit.guarantorId === guarantorId);

    it('finds by account number', async () => {
      expect(await hitFor(maria.accountNumber, ids.maria)).toMatchObject({
        matchedOn: 'accountNumber',
        name: 'Maria Garcia',
        accountNumber: maria.accountNumber,
        birthdate: maria.birthdate,
        email: maria.email,
        phone: maria.supportPhone,
      });
    });

    it('finds by name, ignoring accents and letter case, by word beginnings', async () => {
      for (const q of ['garcia', 'GARCÍA', 'gar']) {
        const { hits } = await search(q);
        const found = hits.filter((hit) => [ids.maria, ids.jose].includes(hit.guarantorId));
        expect(
          found.map((hit) => hit.matchedOn),
          q,
        ).toEqual(['name', 'name']);
      }
      expect((await hitFor('mar gar', ids.maria))?.matchedOn).toBe('name');
      expect((await hitFor('Garcia, Maria', ids.maria))?.matchedOn).toBe('name');
      expect((await hitFor('jose garcia nunez', ids.jose))?.matchedOn).toBe('name');
      expect(await hitFor('mar wil', ids.maria)).toBeUndefined();
      expect(await hitFor('arcia', ids.maria)).toBeUndefined();
    });

    it('finds by birthdate written either way', async () => {
      expect((await hitFor('1985-04-12', ids.jose))?.matchedOn).toBe('birthdate');
      expect((await hitFor('04/12/1985', ids.jose))?.matchedOn).toBe('birthdate');
      expect((await hitFor('03/17/1984', ids.maria))?.matchedOn).toBe('birthdate');
    });

    it('finds by e-mail whatever its letter case', async () => {
      expect((await hitFor('Maria.Garcia@EXAMPLE.com', ids.maria))?.matchedOn).toBe('email');
    });

    it('finds by phone, comparing digits only', async () => {
      for (const q of ['8015550142', '801-555-0142', '+1 (801) 555 0142']) {
        expect((await hitFor(q, ids.maria))?.matchedOn, q).toBe('phone');
      }
    });

    it('finds by receipt number, the portal’s and the billing system’s', async () => {
      expect((await hitFor('R-9001', ids.maria))?.matchedOn).toBe('receiptNumber');
      const [receipt] = await server.database.db
        .select({ receiptId: receipts.receiptId })
        .from(receipts)
        .innerJoin(payments, eq(payments.id, receipts.paymentId))
        .where(eq(payments.guarantorId, ids.maria))
        .limit(1);
      expect(receipt).toBeDefined();
      const typed = defined(receipt).receiptId.toLowerCase();
      expect((await hitFor(typed, ids.maria))?.matchedOn).toBe('receiptNumber');
    });

    it('finds by encounter id, with or without its facility', async () => {
      expect((await hitFor('107-40010001', ids.maria))?.matchedOn).toBe('encounterId');
      expect((await hitFor('40010001', ids.maria))?.matchedOn).toBe('encounterId');
      expect(await hitFor('153-40010001', ids.maria)).toBeUndefined();
    });

    it('answers at most 50 and says there are more', async () => {
      for (let index = 0; index < 51; index += 1) await addGuarantor('Pat', `Zzmany${index}`);
      const many = await search('zzmany');
      expect(many.hits).toHaveLength(50);
      expect(many.more).toBe(true);
      const few = await search('mar gar');
      expect(few.more).toBe(false);
    });

    it('records each search as the staff member’s, without what was typed', async () => {
      await search('maria', 'search-audited');
      const [row] = await auditOf('search-audited');
      expect(row).toMatchObject({
        action: 'office.guarantors.searched',
        actorType: 'staff',
        actorId: agent.staffId,
        ipAddress: '198.51.100.7',
      });
      expect(JSON.stringify(row?.details)).not.toContain('maria');
    });
  });

  describe('a guarantor’s page', () => {
    it('shows Maria’s bills, statements and payments exactly as the portal answers them', async () => {
      const token = await server.login(maria.accountNumber, maria.pin);
      const portal = async <T>(path: string, schema: { parse(value: unknown): T }) => {
        const response = await server.api(path, { token });
        expect(response.status).toBe(200);
        return schema.parse(await response.json());
      };
      const encounters = await portal(API_PATHS.encounters, encountersResponseSchema);
      const statements = await portal(API_PATHS.statements, statementListSchema);
      const history = await portal(API_PATHS.payments, paymentHistorySchema);

      const page = guarantorPageSchema.parse(
        await office.guarantors.page(ids.maria, agent, context('page-maria')),
      );

      expect(page.billing).toEqual(encounters);
      expect(page.statements).toEqual(statements.statements);
      expect(page.payments).toEqual(history.payments);
      expect(page).toMatchObject({
        accountNumber: maria.accountNumber,
        name: 'Maria Garcia',
        birthdate: maria.birthdate,
        email: maria.email,
        phone: maria.supportPhone,
      });
      expect(page.signIn.signedUp).toBe(true);
      expect(page.signIn.pinIssuedAt).not.toBeNull();
      expect(page.signIn.activeSessions).toBeGreaterThanOrEqual(1);
      expect(page.signIn.lastSignInAt).not.toBeNull();
    });

    it('records the view as the staff member’s, with address and request', async () => {
      await office.guarantors.page(ids.james, agent, context('page-james'));
      const rows = await auditOf('page-james');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        action: 'office.guarantor.viewed',
        outcome: 'success',
        actorType: 'staff',
        actorId: agent.staffId,
        guarantorId: ids.james,
        ipAddress: '198.51.100.7',
      });
    });

    it('answers 404 for an unknown id, and records the attempt', async () => {
      await expect(
        office.guarantors.page('no-such-guarantor', agent, context('page-unknown')),
      ).rejects.toMatchObject({ statusCode: 404 });
      expect((await auditOf('page-unknown'))[0]).toMatchObject({
        action: 'office.guarantor.viewed',
        outcome: 'failure',
        targetId: 'no-such-guarantor',
      });
    });

    it('makes the portal’s statement PDF, its download recorded as the staff member’s', async () => {
      const page = await office.guarantors.page(ids.maria, agent, context('page-pdf'));
      const statement = defined(page.statements[0]);
      const pdf = await office.guarantors.statementPdf(
        ids.maria,
        statement.id,
        agent,
        context('statement-pdf'),
      );
      expect(pdf.filename).toBe(`statement-${statement.statementDate}.pdf`);
      expect(await pdfText(pdf.bytes)).toContain(maria.accountNumber);
      expect((await auditOf('statement-pdf'))[0]).toMatchObject({
        action: 'statement.pdf_downloaded',
        actorType: 'staff',
        actorId: agent.staffId,
        guarantorId: ids.maria,
      });
    });
  });

  describe('support actions', () => {
    const perform = (
      guarantorId: string,
      action: Parameters<OfficeServices['support']['perform']>[1],
      requestId: string,
      body: { reason: string; email?: string } = { reason: 'Caller verified by birthdate' },
      language: 'en' | 'es' = 'en',
    ) => office.support.perform(guarantorId, action, body, agent, context(requestId, language));

    const expectAudited = async (requestId: string, action: string, reason: string) => {
      const [row] = await auditOf(requestId);
      expect(row).toMatchObject({
        action: `office.support.${action}`,
        outcome: 'success',
        actorType: 'staff',
        actorId: agent.staffId,
        ipAddress: '198.51.100.7',
      });
      expect(row?.details).toMatchObject({ reason });
      return defined(row);
    };

    it('unlocks sign-in: both counters are cleared', async () => {
      const { lockout } = server.app.services;
      const key = lockout.accountKey(james.accountNumber);
      const fail = async () => lockout.failed(await lockout.beginAttempt(key));
      for (let attempt = 0; attempt < 4; attempt += 1) await fail();
      const counting = await office.guarantors.page(ids.james, agent, context('unlock-count'));
      expect(counting.signIn).toMatchObject({ lockedUntil: null, failedAttempts: 4 });
      await fail();
      const locked = await office.guarantors.page(ids.james, agent, context('unlock-before'));
      expect(locked.signIn.lockedUntil).not.toBeNull();

      const result = await perform(ids.james, 'unlock-sign-in', 'unlock', {
        reason: 'Locked out after typos',
      });

      expect(result).toEqual({
        action: 'unlock-sign-in',
        message: 'Sign-in is unlocked; the failed attempts are forgotten.',
      });
      const after = await office.guarantors.page(ids.james, agent, context('unlock-after'));
      expect(after.signIn).toMatchObject({ lockedUntil: null, failedAttempts: 0 });
      await expectAudited('unlock', 'unlock-sign-in', 'Locked out after typos');
    });

    it('signs out every session of the guarantor, in the reader’s language', async () => {
      await server.login(linda.accountNumber, linda.pin);
      await server.login(linda.accountNumber, linda.pin);

      const result = await perform(ids.linda, 'sign-out-all-sessions', 'sign-out', undefined, 'es');

      expect(result.message).toBe('Se cerraron 2 sesiones.');
      const live = await server.database.db
        .select({ revokedAt: sessions.revokedAt })
        .from(sessions)
        .where(eq(sessions.guarantorId, ids.linda));
      expect(live.every((row) => row.revokedAt !== null)).toBe(true);
      const row = await expectAudited(
        'sign-out',
        'sign-out-all-sessions',
        'Caller verified by birthdate',
      );
      expect(row.details).toMatchObject({ revoked: 2 });
    });

    it('sends a sign-in link through the outbox, listed on the page', async () => {
      const result = await perform(ids.maria, 'send-sign-in-link', 'send-link');

      expect(result.message).toBe(`A sign-in link is on its way to ${maria.email}.`);
      await expectAudited('send-link', 'send-sign-in-link', 'Caller verified by birthdate');
      await server.app.services.jobs.workOff('mail', 10_000);
      const page = await office.guarantors.page(ids.maria, agent, context('page-mail'));
      expect(page.emails[0]).toMatchObject({ kind: 'magic-link', to: maria.email, status: 'sent' });
      expect(page.emails[0]?.sentAt).not.toBeNull();
    });

    it('lists the e-mails sent while the guarantor waited, with their outcome', async () => {
      const response = await server.api(API_PATHS.loginMagicRequest, {
        body: { email: maria.email },
      });
      expect(response.status).toBe(202);
      await server.app.services.mail.idle();

      const page = await office.guarantors.page(ids.maria, agent, context('page-direct-mail'));

      const direct = page.emails.find((email) => email.id.startsWith('direct-'));
      expect(direct).toMatchObject({
        kind: 'magic-link',
        to: maria.email,
        status: 'sent',
        error: null,
      });
      expect(direct?.subject).toMatch(/sign-in link/);
    });

    it('refuses a sign-in link to a guarantor without e-mail, changing nothing', async () => {
      await expect(perform(ids.linda, 'send-sign-in-link', 'no-email')).rejects.toMatchObject({
        statusCode: 400,
      });
      expect(await auditOf('no-email')).toHaveLength(0);
    });

    it('issues a new PIN whose letter prints once', async () => {
      const result = await perform(ids.james, 'issue-new-pin', 'new-pin');
      expect(result.pinLetterId).toBeDefined();
      await expectAudited('new-pin', 'issue-new-pin', 'Caller verified by birthdate');
      expect(await auditOf('new-pin')).toContainEqual(
        expect.objectContaining({
          action: 'pin.issued',
          actorType: 'staff',
          actorId: agent.staffId,
        }),
      );

      const letter = await office.pinLetters.print(
        ids.james,
        defined(result.pinLetterId),
        agent,
        context('letter'),
      );
      const text = await pdfText(letter.bytes);
      const pin = /PIN: (\d{8})/.exec(text)?.[1];
      expect(pin).toBeDefined();
      const [row] = await server.database.db
        .select({ pinHash: guarantors.pinHash })
        .from(guarantors)
        .where(eq(guarantors.id, ids.james));
      expect(await verifyPin(defined(pin), defined(defined(row).pinHash))).toBe(true);
      expect(pin).not.toBe(james.pin);

      await expect(
        office.pinLetters.print(
          ids.james,
          defined(result.pinLetterId),
          agent,
          context('letter-again'),
        ),
      ).rejects.toMatchObject({ statusCode: 404 });
    });

    it('forgets a PIN letter nobody printed within a day', async () => {
      const { pinLetterId } = await perform(ids.james, 'issue-new-pin', 'new-pin-unprinted');
      const letter = defined(pinLetterId);
      await server.database.db
        .update(pinLetters)
        .set({ createdAt: new Date(Date.now() - 25 * 3600 * 1000) })
        .where(eq(pinLetters.id, letter));

      await expect(
        office.pinLetters.print(ids.james, letter, agent, context('letter-late')),
      ).rejects.toMatchObject({ statusCode: 404 });
      expect(await office.pinLetters.purgeExpired()).toBe(1);
    });

    it('corrects the e-mail address under sign-up’s rules, auditing old and new', async () => {
      const { id } = await addGuarantor('Eve', 'Moreno', { email: 'eve.old@example.org' });

      await expect(
        perform(id, 'correct-email', 'email-taken', { reason: 'Typo', email: maria.email }),
      ).rejects.toMatchObject({ statusCode: 409 });
      await expect(
        perform(id, 'correct-email', 'email-missing', { reason: 'Typo' }),
      ).rejects.toMatchObject({ statusCode: 400 });

      const result = await perform(id, 'correct-email', 'email-fixed', {
        reason: 'Typo at the desk',
        email: 'eve.moreno@example.org',
      });

      expect(result.message).toBe('The email address is now eve.moreno@example.org.');
      const [row] = await server.database.db
        .select({ email: guarantors.email })
        .from(guarantors)
        .where(eq(guarantors.id, id));
      expect(row?.email).toBe('eve.moreno@example.org');
      const audit = await expectAudited('email-fixed', 'correct-email', 'Typo at the desk');
      expect(audit.details).toMatchObject({
        oldEmail: 'eve.old@example.org',
        newEmail: 'eve.moreno@example.org',
      });
    });
  });

  describe('the audit screen', () => {
    it('filters by guarantor, staff member and action, newest first, and pages by id', async () => {
      for (const requestId of ['trail-1', 'trail-2', 'trail-3']) {
        await office.guarantors.page(ids.linda, supervisor, context(requestId));
      }
      const first = await office.audit.page(
        {
          staffId: supervisor.staffId,
          guarantorId: ids.linda,
          action: 'office.guarantor.viewed',
          limit: 2,
        },
        agent,
        context('trail-read'),
      );
      expect(first.entries.map((entry) => entry.requestId)).toEqual(['trail-3', 'trail-2']);
      expect(first.nextBefore).toBe(first.entries[1]?.id);
      const second = await office.audit.page(
        {
          staffId: supervisor.staffId,
          guarantorId: ids.linda,
          action: 'office.guarantor.viewed',
          limit: 2,
          before: defined(first.nextBefore),
        },
        agent,
        context('trail-read-2'),
      );
      expect(second.entries.map((entry) => entry.requestId)).toEqual(['trail-1']);
      expect(second.nextBefore).toBeNull();
    });

    it('takes an account number for the guarantor and an e-mail address for the staff member', async () => {
      const [pat] = await server.database.db
        .select({ id: staffMembers.id })
        .from(staffMembers)
        .where(eq(staffMembers.email, 'pat.okafor@wasatchvalleyhealth.example'));
      const patActor = { staffId: defined(pat?.id), sessionId: 'staff-session-pat' };
      await office.guarantors.page(ids.linda, patActor, context('trail-by-name'));
      const { entries } = await office.audit.page(
        {
          staffId: ' Pat.Okafor@WasatchValleyHealth.example',
          guarantorId: linda.accountNumber,
          action: 'office.guarantor.viewed',
          limit: 10,
        },
        agent,
        context('trail-by-name-read'),
      );
      expect(entries.map((entry) => entry.requestId)).toEqual(['trail-by-name']);
      expect(entries[0]).toMatchObject({ actorId: pat?.id, guarantorId: ids.linda });
    });

    it('keeps whole facility days from and to', async () => {
      const today =
        server.app.services.office &&
        new Intl.DateTimeFormat('en-CA', {
          timeZone: server.env.WEBPAY_TIME_ZONE,
        }).format(new Date());
      const todays = await office.audit.page(
        { from: today, to: today, action: 'office.guarantor.viewed', limit: 500 },
        agent,
        context('trail-days'),
      );
      expect(todays.entries.length).toBeGreaterThan(0);
      const yesterday = await office.audit.page(
        { from: '2000-01-01', to: '2000-01-02', limit: 100 },
        agent,
        context('trail-days-2'),
      );
      expect(yesterday.entries).toHaveLength(0);
    });

    it('shows the reason of a support action', async () => {
      const { entries } = await office.audit.page(
        { action: 'office.support.unlock-sign-in', limit: 10 },
        agent,
        context('trail-reason'),
      );
      expect(entries[0]).toMatchObject({ reason: 'Locked out after typos', actorType: 'staff' });
    });

    it('exports the same entries as CSV, and records the export', async () => {
      const csv = await office.audit.csv(
        { staffId: supervisor.staffId, action: 'office.guarantor.viewed', limit: 100 },
        agent,
        context('trail-csv'),
      );
      const lines = csv.trim().split('\r\n');
      expect(lines[0]).toBe(
        'id,occurred_at,actor_type,actor_id,actor_name,guarantor_id,action,outcome,target_type,target_id,reason,ip_address,request_id',
      );
      expect(lines.slice(1).map((line) => line.split(',').at(-1))).toEqual([
        'trail-3',
        'trail-2',
        'trail-1',
      ]);
      expect((await auditOf('trail-csv'))[0]).toMatchObject({
        action: 'office.audit.exported',
        actorId: agent.staffId,
      });
    });
  });

  describe('home', () => {
    it('counts today’s payments and what needs attention', async () => {
      const home = await office.home.home(agent, context('home'));
      const recordedToday = await server.database.db
        .select({ amountCents: payments.amountCents, recordedAt: payments.recordedAt })
        .from(payments)
        .where(and(eq(payments.status, 'recorded')));
      const calendar = new Intl.DateTimeFormat('en-CA', { timeZone: server.env.WEBPAY_TIME_ZONE });
      const todays = recordedToday.filter(
        (row) => row.recordedAt && calendar.format(row.recordedAt) === home.today,
      );
      expect(home.paymentsToday).toEqual({
        count: todays.length,
        amountCents: todays.reduce((sum, row) => sum + row.amountCents, 0),
      });
      expect(home.attention.failedEmails).toBe(0);
      const waiting = await server.database.db
        .select()
        .from(paymentReversals)
        .where(eq(paymentReversals.status, 'awaiting_approval'));
      expect(home.attention.awaitingApproval).toBe(waiting.length);
      expect((await auditOf('home'))[0]).toMatchObject({ action: 'office.home.viewed' });
    });

    it('sums up the last export in the reader’s language', async () => {
      await server.database.db.insert(auditEvents).values({
        actorType: 'operator',
        action: 'payments.exported',
        outcome: 'success',
        details: { batchId: 'WP-20261127-0001', count: 3, totalCents: 123450 },
      });
      const english = await office.home.home(agent, context('home-en'));
      const spanish = await office.home.home(agent, context('home-es', 'es'));
      expect(english.lastRuns.export?.summary).toBe('WP-20261127-0001: 3 payments, $1,234.50');
      expect(spanish.lastRuns.export?.summary).toBe('WP-20261127-0001: 3 pagos, $1,234.50');
    });
  });
});
