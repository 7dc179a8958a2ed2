import { and, desc, eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@webpay/contracts/api';
import { dayIn, formatDate } from '@webpay/contracts/dates';
import { errorObjectSchema, type ErrorObject } from '@webpay/contracts/errors';
import { formatCents, fromCents, toCents } from '@webpay/contracts/money';
import {
  statementDetailSchema,
  statementListSchema,
  type StatementDetail,
} from '@webpay/contracts/statements';
import { auditEvents, encounters, guarantors, statements } from '../../db/schema.ts';
import { addDays, addMonths, firstOfMonth, todayIso } from '../../demo/calendar.ts';
import { DEMO_GUARANTORS, ROBERT_COUNTS } from '../../demo/demo-guarantors.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import { MARIA_LINES, payByCard } from '../../../test/support/payments.ts';
import { pdfText } from '../../../test/support/pdf-text.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';

const { maria, james, robert } = DEMO_GUARANTORS;

async function errorOf(response: Response): Promise<ErrorObject> {
  const body = errorObjectSchema.strict().parse(await response.json());
  expect(body.status).toBe(response.status);
  return body;
}

/** An error body without the ids that differ on every request. */
const withoutIds = ({ requestId: _r, correlationId: _c, ...rest }: ErrorObject) => rest;

describe.each(testDatabaseKinds)('statements (%s)', (kind) => {
  let server: TestServer;
  let mariaToken: string;
  let robertToken: string;
  let jamesToken: string;

  /** Today in the facility's time zone, which statuses are read on. */
  const facilityToday = () => dayIn(server.env.WEBPAY_TIME_ZONE);

  beforeAll(async () => {
    server = await startTestServer(kind);
    mariaToken = await server.login(maria.accountNumber, maria.pin);
    robertToken = await server.login(robert.accountNumber, robert.pin);
    jamesToken = await server.login(james.accountNumber, james.pin);
    // The demo's latest statement falls due on the 25th; due today, it reads open whatever
    // day the tests run. The status tests below move its due date and put it back.
    await setLatest({ dueDate: facilityToday() });
  });

  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.database.db;

  async function statementRowsOf(accountNumber: string) {
    return db()
      .select({ statement: statements })
      .from(statements)
      .innerJoin(guarantors, eq(guarantors.id, statements.guarantorId))
      .where(eq(guarantors.accountNumber, accountNumber))
      .orderBy(desc(statements.statementDate))
      .then((rows) => rows.map((row) => row.statement));
  }

  /** Changes Maria's latest statement as the billing feed would. */
  async function setLatest(values: Partial<typeof statements.$inferInsert>) {
    const [latest] = await statementRowsOf(maria.accountNumber);
    await db()
      .update(statements)
      .set(values)
      .where(eq(statements.id, latest?.id ?? ''));
  }

  async function listOf(token: string, requestId?: string) {
    const response = await server.api(API_PATHS.statements, {
      token,
      headers: requestId ? { 'X-Request-Id': requestId } : {},
    });
    expect(response.status).toBe(200);
    return statementListSchema.strict().parse(await response.json()).statements;
  }

  async function detailOf(token: string, id: string, requestId?: string) {
    const response = await server.api(API_PATHS.statement(id), {
      token,
      headers: requestId ? { 'X-Request-Id': requestId } : {},
    });
    expect(response.status).toBe(200);
    return statementDetailSchema.parse(await response.json());
  }

  const auditOf = (action: string, requestId: string) =>
    db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, action), eq(auditEvents.requestId, requestId)));

  /** Sums a dollar column the way the service must: in cents. */
  const columnSum = (
    detail: StatementDetail,
    column: 'charges' | 'payments' | 'adjustments' | 'balance',
  ) => fromCents(detail.items.reduce((sum, item) => sum + toCents(item[column]), 0));

  describe('GET /statements', () => {
    it("lists Maria's six monthly statements, newest first, with their figures", async () => {
      const listed = await listOf(mariaToken);
      const latest = firstOfMonth(todayIso());
      expect(listed.map((statement) => statement.statementDate)).toEqual(
        [0, 1, 2, 3, 4, 5].map((months) => addMonths(latest, -months)),
      );
      const rows = await statementRowsOf(maria.accountNumber);
      expect(listed).toEqual(
        rows.map((row) => ({
          id: row.id,
          statementDate: row.statementDate,
          accountNumber: '100200300',
          amountDue: fromCents(row.amountDueCents),
          dueDate: row.dueDate,
          status: row.status,
        })),
      );
      // Her open balances on the 1st: 1,250.00 + 310.45 + 980.00 + 500.00 + 640.00.
      expect(listed[0]).toMatchObject({ amountDue: 3680.45, status: 'open' });
      expect(listed.slice(1).every((statement) => statement.status !== 'open')).toBe(true);
    });

    it("lists Robert's 36 statements in order", async () => {
      const listed = await listOf(robertToken);
      expect(listed).toHaveLength(ROBERT_COUNTS.statements);
      const dates = listed.map((statement) => statement.statementDate);
      expect(dates).toEqual([...dates].sort().reverse());
      expect(listed.every((statement) => statement.accountNumber === robert.accountNumber)).toBe(
        true,
      );
    });

    it('records the read', async () => {
      await listOf(mariaToken, 'statements-list-audit');
      const [event] = await auditOf('statements.listed', 'statements-list-audit');
      expect(event).toMatchObject({
        outcome: 'success',
        actorType: 'guarantor',
        targetType: 'guarantor',
        details: { statements: 6 },
      });
      expect(event?.guarantorId).toBe(event?.actorId);
    });
  });

  describe('GET /statements/{id}', () => {
    it('gives the lines with totals that are the sums of their columns', async () => {
      const [latest] = await listOf(mariaToken);
      const detail = await detailOf(mariaToken, latest?.id ?? '', 'statement-view-audit');

      expect(detail).toMatchObject({ ...latest, guarantorName: 'Maria Garcia' });
      expect(detail.totals).toEqual({
        charges: columnSum(detail, 'charges'),
        payments: columnSum(detail, 'payments'),
        adjustments: columnSum(detail, 'adjustments'),
        balance: columnSum(detail, 'balance'),
      });
      expect(detail.totals.balance).toBe(detail.amountDue);
      expect(detail.items.find((item) => item.accountNumber === '40010001')).toMatchObject({
        facilityId: '107',
        patientName: 'Maria Garcia',
        serviceDate: '2026-06-02',
        balance: 1250,
      });
      for (const item of detail.items) {
        expect(toCents(item.balance)).toBe(
          toCents(item.charges) - toCents(item.payments) - toCents(item.adjustments),
        );
      }

      const [event] = await auditOf('statement.viewed', 'statement-view-audit');
      expect(event).toMatchObject({
        outcome: 'success',
        targetType: 'statement',
        targetId: detail.id,
        details: { statementDate: detail.statementDate, items: detail.items.length },
      });
    });

    it('gives every statement exactly as stored, converted to dollars', async () => {
      const rows = await statementRowsOf(maria.accountNumber);
      for (const row of rows) {
        const detail = await detailOf(mariaToken, row.id);
        expect(detail.items).toEqual(
          row.items.map((item) => ({
            facilityId: item.facilityId,
            accountNumber: item.accountNumber,
            patientName: item.patientName,
            description: item.description,
            serviceDate: item.serviceDate,
            charges: fromCents(item.chargesCents),
            payments: fromCents(item.paymentsCents),
            adjustments: fromCents(item.adjustmentsCents),
            balance: fromCents(item.balanceCents),
          })),
        );
      }
    });
  });

  describe('GET /statements/{id}/pdf', () => {
    it('downloads the statement as a PDF with the provider, the guarantor and the amount due', async () => {
      const [latest] = await listOf(mariaToken);
      const response = await server.api(API_PATHS.statementPdf(latest?.id ?? ''), {
        token: mariaToken,
        headers: { 'X-Request-Id': 'statement-pdf-audit' },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="statement-${latest?.statementDate}.pdf"`,
      );
      expect(response.headers.get('cache-control')).toBe('no-store');
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');

      const lines = pdfText(bytes).split('\n');
      expect(lines).toEqual(
        expect.arrayContaining([
          server.env.WEBPAY_PROVIDER_NAME,
          server.env.WEBPAY_PORTAL_NAME,
          // Maria has her own support phone (SPEC §1).
          `Questions? Call ${maria.supportPhone}`,
          `or e-mail ${server.env.WEBPAY_SUPPORT_EMAIL}`,
          'Maria Garcia',
          '100200300',
          formatDate(latest?.statementDate ?? ''),
          'Open',
          '107-40010001',
          '$1,250.00',
          `Amount due by ${formatDate(latest?.dueDate ?? '')}: $3,680.45`,
          // How the $3,680.45 squares with the $1,865.45 her dashboard asks for.
          'How this statement compares with your dashboard',
          '-$2,120.00',
          '+$305.00',
          'Due now on your dashboard (Hospitals & Clinics)',
          '$1,865.45',
          'Page 1 of 1',
        ]),
      );

      const [event] = await auditOf('statement.pdf_downloaded', 'statement-pdf-audit');
      expect(event).toMatchObject({
        outcome: 'success',
        targetType: 'statement',
        targetId: latest?.id,
        details: expect.objectContaining({ bytes: bytes.length }),
      });
    });

    it("runs Robert's longest statement over several numbered pages", async () => {
      const [longest] = await db()
        .select({ id: statements.id, items: statements.items })
        .from(statements)
        .innerJoin(guarantors, eq(guarantors.id, statements.guarantorId))
        .where(eq(guarantors.accountNumber, robert.accountNumber))
        .orderBy(desc(sql`jsonb_array_length(${statements.items})`))
        .limit(1);
      expect(longest?.items.length).toBeGreaterThan(60);

      const response = await server.api(API_PATHS.statementPdf(longest?.id ?? ''), {
        token: robertToken,
      });
      expect(response.status).toBe(200);
      const bytes = new Uint8Array(await response.arrayBuffer());
      const pages = (await PDFDocument.load(bytes)).getPageCount();
      expect(pages).toBeGreaterThan(1);

      const lines = pdfText(bytes).split('\n');
      const count = (line: string) => lines.filter((candidate) => candidate === line).length;
      // Every page of the table has its header; the comparison with the dashboard may take a last page alone.
      expect(count('Service date')).toBeGreaterThanOrEqual(pages - 1);
      expect(count('Service date')).toBeLessThanOrEqual(pages);
      for (let page = 1; page <= pages; page += 1) {
        expect(count(`Page ${page} of ${pages}`)).toBe(1);
      }
      for (const item of longest?.items ?? []) {
        expect(count(`${item.facilityId}-${item.accountNumber}`)).toBeGreaterThanOrEqual(1);
      }
      const due = longest?.items.reduce((sum, item) => sum + item.balanceCents, 0) ?? 0;
      expect(lines.some((line) => line.endsWith(`: ${formatCents(due)}`))).toBe(true);
    });
  });

  describe('comparison with the dashboard', () => {
    const reconciliationOf = async (statementId: string) =>
      (await detailOf(mariaToken, statementId)).reconciliation;

    it("squares Maria's latest statement with what her dashboard asks for", async () => {
      const [latest] = await listOf(mariaToken);
      expect(await reconciliationOf(latest?.id ?? '')).toEqual({
        asOf: facilityToday(),
        // PP-7001-1's 980.00 + 500.00 and PP-7002-3's 640.00, paid through the plans.
        inPaymentPlans: 2120,
        // 150.00 + 75.00 overdue on PP-7001-1, 80.00 on PP-7002-3.
        planPaymentsDue: 305,
        otherChanges: 0,
        // Total Outstanding on Hospitals & Clinics: 1,250.00 + 310.45 + 305.00.
        dueNow: 1865.45,
        paymentsInProcess: 0,
      });
    });

    it('counts what changed since the statement date as other changes', async () => {
      const [latest] = await listOf(mariaToken);
      const daniel = and(
        eq(encounters.accountNumber, '40010002'),
        eq(encounters.facilityId, '107'),
      );
      try {
        // The billing office adjusts Daniel's emergency visit by $10.00 after the statement.
        await db().update(encounters).set({ balanceCents: 30_045 }).where(daniel);
        expect(await reconciliationOf(latest?.id ?? '')).toMatchObject({
          inPaymentPlans: 2120,
          planPaymentsDue: 305,
          otherChanges: -10,
          dueNow: 1855.45,
        });
      } finally {
        await db().update(encounters).set({ balanceCents: 31_045 }).where(daniel);
      }
    });

    it('tells apart payments made since the statement, for this tab only, and still pending', async () => {
      // A month-old statement: whatever day this runs, today's payments come after it.
      const [, previous] = await listOf(mariaToken);
      const before = await reconciliationOf(previous?.id ?? '');
      await payByCard(server, mariaToken, {
        accounts: [MARIA_LINES.emergency(100), MARIA_LINES.centralLab(10)],
      });
      const after = await reconciliationOf(previous?.id ?? '');
      // The Central Lab's $10.00 belongs to its own tab, not to this comparison.
      expect(toCents(after.paymentsInProcess) - toCents(before.paymentsInProcess)).toBe(10_000);
      // Received, not applied: the dashboard still asks for it until the billing office applies it.
      expect(after.dueNow).toBe(before.dueNow);
      expect(after.otherChanges).toBe(before.otherChanges);
    });
  });

  describe("status, read on the facility's day", () => {
    async function statusesOfLatest() {
      const [latest] = await listOf(mariaToken);
      const detail = await detailOf(mariaToken, latest?.id ?? '');
      const pdf = await server.api(API_PATHS.statementPdf(latest?.id ?? ''), { token: mariaToken });
      expect(pdf.status).toBe(200);
      const pdfLines = pdfText(new Uint8Array(await pdf.arrayBuffer())).split('\n');
      const printed = ['Open', 'Past Due', 'Paid'].filter((word) => pdfLines.includes(word));
      return { listed: latest?.status, detail: detail.status, printed };
    }

    it('keeps an open statement open on its due date', async () => {
      await setLatest({ status: 'open', dueDate: facilityToday() });
      expect(await statusesOfLatest()).toEqual({
        listed: 'open',
        detail: 'open',
        printed: ['Open'],
      });
    });

    it('turns it past due the day after, in the list, the statement and its PDF', async () => {
      try {
        await setLatest({ status: 'open', dueDate: addDays(facilityToday(), -1) });
        expect(await statusesOfLatest()).toEqual({
          listed: 'past_due',
          detail: 'past_due',
          printed: ['Past Due'],
        });
        // Still stored as the billing feed sent it.
        const [stored] = await statementRowsOf(maria.accountNumber);
        expect(stored?.status).toBe('open');
      } finally {
        await setLatest({ status: 'open', dueDate: facilityToday() });
      }
    });

    it('leaves a paid statement paid after its due date', async () => {
      try {
        await setLatest({ status: 'paid', dueDate: addDays(facilityToday(), -1) });
        expect(await statusesOfLatest()).toMatchObject({ listed: 'paid', detail: 'paid' });
      } finally {
        await setLatest({ status: 'open', dueDate: facilityToday() });
      }
    });
  });

  describe('access', () => {
    const paths = (id: string) => [
      API_PATHS.statements,
      API_PATHS.statement(id),
      API_PATHS.statementPdf(id),
    ];

    it('refuses a guarantor without the historical-data role (403), and records it', async () => {
      const [mariaLatest] = await statementRowsOf(maria.accountNumber);
      for (const [index, path] of paths(mariaLatest?.id ?? '').entries()) {
        const response = await server.api(path, {
          token: jamesToken,
          headers: { 'X-Request-Id': `james-statements-${index}` },
        });
        expect(response.status, path).toBe(403);
        expect(await errorOf(response)).toMatchObject({
          code: 'HISTORICAL_DATA_REQUIRED',
          title: 'Statements and payments unavailable',
          details: [expect.stringContaining('does not have access to statements')],
        });
        const [denied] = await auditOf('access.denied', `james-statements-${index}`);
        expect(denied).toMatchObject({
          outcome: 'failure',
          details: { requiredRole: 'historical-data' },
        });
      }
    });

    it("answers another guarantor's statement exactly like a missing one (404)", async () => {
      const [robertLatest] = await statementRowsOf(robert.accountNumber);
      const robertId = robertLatest?.id ?? '';
      for (const [theirs, missing] of [
        [API_PATHS.statement(robertId), API_PATHS.statement('no-such-statement')],
        [API_PATHS.statementPdf(robertId), API_PATHS.statementPdf('no-such-statement')],
      ] as const) {
        const refused = await server.api(theirs, {
          token: mariaToken,
          headers: { 'X-Request-Id': 'maria-reads-robert' },
        });
        const unknown = await server.api(missing, { token: mariaToken });
        expect(refused.status).toBe(404);
        expect(unknown.status).toBe(404);
        const refusedBody = await errorOf(refused);
        expect(refusedBody.code).toBe('STATEMENT_NOT_FOUND');
        expect(withoutIds(refusedBody)).toEqual(withoutIds(await errorOf(unknown)));
      }
      const attempts = await auditOf('statement.viewed', 'maria-reads-robert');
      expect(attempts).toEqual([
        expect.objectContaining({
          outcome: 'failure',
          targetId: robertId,
          details: { reason: 'not_found' },
        }),
      ]);
    });

    it('names a bad statement id (400)', async () => {
      const response = await server.api(`${API_PATHS.statements}/`, { token: mariaToken });
      expect(response.status).toBe(400);
      const error = await errorOf(response);
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.details).toEqual([expect.stringMatching(/^params\.id: /)]);
    });

    it('requires a live session (401)', async () => {
      const [latest] = await statementRowsOf(maria.accountNumber);
      for (const path of paths(latest?.id ?? '')) {
        const anonymous = await server.api(path);
        expect(anonymous.status, path).toBe(401);
        expect((await errorOf(anonymous)).code).toBe('UNAUTHORIZED');
      }

      const token = await server.login(maria.accountNumber, maria.pin);
      const logout = await server.api(API_PATHS.logout, {
        method: 'POST',
        token,
        headers: { 'Content-Type': 'application/json' },
      });
      expect(logout.status).toBe(204);
      for (const path of paths(latest?.id ?? '')) {
        const revoked = await server.api(path, { token });
        expect(revoked.status, path).toBe(401);
        expect((await errorOf(revoked)).code).toBe('SESSION_EXPIRED');
      }
    });
  });
});
