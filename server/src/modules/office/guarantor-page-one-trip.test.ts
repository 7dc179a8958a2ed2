import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFICE_API_PATHS, guarantorPageSchema } from '@webpay/contracts/office';
import { auditEvents, guarantors } from '../../db/schema.ts';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import { DEMO_STAFF } from '../../demo/demo-staff.ts';
import { MAIL_DELIVERY_ACTION } from '../mail/index.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import { mintStaffSession, officeCall } from '../../../test/support/office.ts';
import {
  auditRowsOf,
  described,
  expectDisabledMemberUnread,
  expectEndedSessionsUnread,
} from '../../../test/support/staff-reads.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';

type Counted = Record<string, (...args: unknown[]) => unknown>;

/** The job engine's own work (its workers and upkeep) shares PGlite's client, and is not the page's. */
const byJobEngine = () => new Error().stack?.includes('node_modules/pg-boss') ?? false;

/**
 * Counts the calls the application's database client is asked to make
 * (query and exec: every statement, prepared or not) while `work` runs.
 */
async function databaseCalls<T>(server: TestServer, work: () => Promise<T>) {
  const client = (server.database.db as unknown as { $client: Counted }).$client;
  const names = ['query', 'exec'].filter((name) => typeof client[name] === 'function');
  const originals = names.map((name) => [name, client[name]] as const);
  let calls = 0;
  for (const [name, original] of originals) {
    client[name] = (...args: unknown[]) => {
      if (!byJobEngine()) calls += 1;
      return original?.apply(client, args);
    };
  }
  try {
    const result = await work();
    return { result, calls };
  } finally {
    for (const [name, original] of originals) client[name] = original as Counted[string];
  }
}

/** Waits until none of the guarantor's e-mails is still queued, up to 30 s. */
async function outboxSettled(
  server: TestServer,
  guarantorId: string,
  viewer: { staffId: string; sessionId: string },
): Promise<void> {
  const settle = { requestId: 'page-settle', correlationId: 'page-settle', ipAddress: '127.0.0.1' };
  for (let waited = 0; waited < 30_000; waited += 250) {
    const page = await server.app.services.office.guarantors.page(guarantorId, viewer, settle);
    if (!JSON.stringify(page).includes('"status":"queued"')) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the outbox did not deliver the queued e-mail within 30 s');
}

describe.each(testDatabaseKinds)('a guarantor’s page in two trips (%s)', (kind) => {
  let server: TestServer;
  let viewer = { token: '', staffId: '', sessionId: '' };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer(kind);
    const token = await mintStaffSession(server, DEMO_STAFF.viewer.email);
    const member = await server.app.services.staff.members.findByEmail(DEMO_STAFF.viewer.email);
    viewer = { token, staffId: member?.id ?? '', sessionId: '' };
    for (const [name, demo] of Object.entries(DEMO_GUARANTORS)) {
      const [row] = await server.database.db
        .select({ id: guarantors.id })
        .from(guarantors)
        .where(eq(guarantors.accountNumber, demo.accountNumber));
      if (row) ids[name] = row.id;
    }
    // A page with some of everything: a failed sign-in, e-mails queued (one sealed) and sent directly.
    const { lockout, outbox } = server.app.services;
    const { maria } = DEMO_GUARANTORS;
    await lockout.failed(await lockout.beginAttempt(lockout.accountKey(maria.accountNumber)));
    const mail = {
      kind: 'magic_link' as const,
      to: maria.email,
      text: 'Sign in',
      html: '<p>Sign in</p>',
    };
    await outbox.queue(
      { ...mail, subject: 'Your sign-in link', secret: { link: 'https://x.example/s' } },
      {
        guarantorId: ids.maria ?? '',
      },
    );
    // The outbox delivers in the background: let it finish, so the page reads the same twice.
    await outboxSettled(server, ids.maria ?? '', viewer);
    await server.database.db.insert(auditEvents).values(
      [
        { kind: 'email_code', to: maria.email, subject: 'Your code' },
        { kind: 'email_code', to: maria.email },
      ].map((details, index) => ({
        action: MAIL_DELIVERY_ACTION,
        outcome: index === 0 ? ('success' as const) : ('failure' as const),
        actorType: 'system' as const,
        guarantorId: ids.maria ?? null,
        details,
      })),
    );
  });

  afterAll(async () => {
    await server?.close();
  });

  const context = (requestId: string): RequestContext => ({
    requestId,
    correlationId: requestId,
    ipAddress: '198.51.100.7',
  });
  const pagePath = (id: string) => OFFICE_API_PATHS.guarantor(id);

  /** The answer, audit rows and database calls of a call, under a request id of its own. */
  async function called(path: string, requestId: string, token = viewer.token) {
    const { result: response, calls } = await databaseCalls(server, () =>
      officeCall(server, path, { token, headers: { 'X-Request-Id': requestId } }),
    );
    return {
      status: response.status,
      body: await response.text(),
      calls,
      rows: await auditRowsOf(server, requestId),
    };
  }

  it('answers and audits each page as the service does, in at most two trips', async () => {
    // The first trip's statement is prepared once per connection (on PGlite, a call of its own).
    await called(pagePath(ids.linda ?? ''), 'page-prepare');
    for (const name of Object.keys(ids)) {
      const id = ids[name] ?? '';
      const call = await called(pagePath(id), `page-call-${name}`);
      const requestId = `page-service-${name}`;
      const answer = await server.app.services.office.guarantors.page(
        id,
        viewer,
        context(requestId),
      );
      expect(call.status, name).toBe(200);
      // The route's serializer puts the keys in the schema's order; the values must be the same.
      expect(JSON.parse(call.body), name).toEqual(JSON.parse(JSON.stringify(answer)));
      const rows = await auditRowsOf(server, requestId);
      expect(call.rows.map(described), name).toEqual(rows.map(described));
      expect(
        call.rows.map((row) => row.action),
        name,
      ).toEqual(['office.guarantor.viewed']);
      expect(call.calls, name).toBeGreaterThan(0);
      expect(call.calls, name).toBeLessThanOrEqual(2);
      const page = guarantorPageSchema.parse(answer);
      expect(call.rows[0]?.details, name).toEqual({
        encounters: page.billing.encounters.length,
        paymentPlans: page.billing.paymentPlans.length,
        statements: page.statements.length,
        payments: page.payments.length,
        emails: page.emails.length,
      });
    }
    expect(
      ids.maria && JSON.parse((await called(pagePath(ids.maria), 'page-mails')).body),
    ).toMatchObject({
      emails: [
        { id: expect.stringMatching(/^direct-/), subject: 'Your code' },
        { subject: 'Your sign-in link' },
      ],
      signIn: { failedAttempts: 1 },
    });
  });

  it('answers an unknown guarantor 404 and records the attempt as the service does', async () => {
    const call = await called(pagePath('no-such-guarantor'), 'page-unknown-call');
    await expect(
      server.app.services.office.guarantors.page(
        'no-such-guarantor',
        viewer,
        context('page-unknown-service'),
      ),
    ).rejects.toMatchObject({ statusCode: 404 });
    const rows = await auditRowsOf(server, 'page-unknown-service');
    expect(call.status).toBe(404);
    expect(JSON.parse(call.body)).toMatchObject({ code: 'NOT_FOUND' });
    expect(call.rows.map(described)).toEqual(rows.map(described));
    expect(call.rows).toHaveLength(1);
    expect(call.calls).toBeLessThanOrEqual(2);
  });

  it('reads and audits nothing for an ended, unknown or disabled staff session', async () => {
    const path = pagePath(ids.maria ?? '');
    await expectEndedSessionsUnread(server, path, DEMO_STAFF.viewer.email);
    await expectDisabledMemberUnread(server, path, DEMO_STAFF.viewer.email);
    const unsigned = await called(path, 'page-no-token', '');
    expect(unsigned.status).toBe(401);
    expect(unsigned.rows).toEqual([]);
  });

  // No role lacks `read` (a viewer's is the least), so the page has no 403 to give.
});
