import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFICE_API_PATHS, type AuditQuery } from '@webpay/contracts/office';
import { guarantors } from '../../db/schema.ts';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import { DEMO_STAFF } from '../../demo/demo-staff.ts';
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

const { maria } = DEMO_GUARANTORS;

describe.each(testDatabaseKinds)('the console’s reads in one trip (%s)', (kind) => {
  let server: TestServer;
  let viewer = { token: '', staffId: '', sessionId: '' };

  beforeAll(async () => {
    server = await startTestServer(kind);
    const token = await mintStaffSession(server, DEMO_STAFF.viewer.email);
    const member = await server.app.services.staff.members.findByEmail(DEMO_STAFF.viewer.email);
    viewer = { token, staffId: member?.id ?? '', sessionId: '' };
  });

  afterAll(async () => {
    await server?.close();
  });

  const context = (requestId: string): RequestContext => ({
    requestId,
    correlationId: requestId,
    ipAddress: '198.51.100.7',
  });

  /** The answer and audit rows of a call, under a request id of its own. */
  async function called(path: string, requestId: string) {
    const response = await officeCall(server, path, {
      token: viewer.token,
      headers: { 'X-Request-Id': requestId },
    });
    return {
      status: response.status,
      body: await response.text(),
      rows: await auditRowsOf(server, requestId),
    };
  }

  describe('guarantor search', () => {
    const searchPath = (q: string) => `${OFFICE_API_PATHS.search}?q=${encodeURIComponent(q)}`;

    it('answers and audits each search as the service always has', async () => {
      const queries = [
        maria.accountNumber,
        'mar gar',
        'Garcia, Maria',
        '03/17/1984',
        maria.email,
        '801 555 0142',
        'R-9001',
        '107-40010001',
        'a',
        'nobody-matches-this',
        '!!',
      ];
      for (const [index, q] of queries.entries()) {
        const call = await called(searchPath(q), `search-call-${index}`);
        const requestId = `search-service-${index}`;
        const answer = await server.app.services.office.search.search(
          q,
          viewer,
          context(requestId),
        );
        expect(call.status, q).toBe(200);
        expect(call.body, q).toBe(JSON.stringify(answer));
        const rows = await auditRowsOf(server, requestId);
        expect(call.rows.map(described), q).toEqual(rows.map(described));
        expect(
          call.rows.map((row) => row.action),
          q,
        ).toEqual(['office.guarantors.searched']);
      }
    });

    it('counts at most the hits it answers when more match, as the service does', async () => {
      await server.database.db.insert(guarantors).values(
        Array.from({ length: 60 }, (_, index) => ({
          id: randomUUID(),
          accountNumber: String(800_000_000 + index),
          mmi: `M${800_000_000 + index}`,
          firstName: index % 2 ? 'Pat' : 'Patricia',
          lastName: `Yymany${index}`,
          birthdate: '1960-01-01',
        })),
      );
      const call = await called(searchPath('pat yymany'), 'search-many-call');
      await server.app.services.office.search.search(
        'pat yymany',
        viewer,
        context('search-many-service'),
      );
      const rows = await auditRowsOf(server, 'search-many-service');
      expect(JSON.parse(call.body)).toMatchObject({ more: true });
      expect(call.rows.map(described)).toEqual(rows.map(described));
      expect(call.rows[0]?.details).toEqual({ keys: ['name'], hits: 50 });
    });

    it('reads and audits nothing for an ended, unknown or disabled staff session', async () => {
      await expectEndedSessionsUnread(server, searchPath('maria'), DEMO_STAFF.viewer.email);
      await expectDisabledMemberUnread(server, searchPath('maria'), DEMO_STAFF.viewer.email);
    });

    it('answers a bad query 401 without a session, and 400 only to a signed-in caller', async () => {
      const tooLong = searchPath('x'.repeat(1000));
      expect((await officeCall(server, tooLong)).status).toBe(401);
      const signedIn = await called(tooLong, 'search-too-long');
      expect(signedIn.status).toBe(400);
      expect(signedIn.rows).toEqual([]);
      await expectEndedSessionsUnread(server, tooLong, DEMO_STAFF.viewer.email);
    });
  });

  describe('the audit trail', () => {
    const searched = 'action=office.guarantors.searched';

    it('answers and audits each page as the service always has', async () => {
      await called(`${OFFICE_API_PATHS.search}?q=maria`, 'trail-seed');
      const [seed] = await auditRowsOf(server, 'trail-seed');
      const today = new Date().toISOString().slice(0, 10);
      const queries: [string, AuditQuery][] = [
        [`${searched}&limit=3`, { action: 'office.guarantors.searched', limit: 3 }],
        [
          `${searched}&limit=2&before=${seed?.id}`,
          { action: 'office.guarantors.searched', limit: 2, before: seed?.id ?? 0 },
        ],
        [
          `${searched}&staffId=${DEMO_STAFF.viewer.email}&from=${today}&to=${today}`,
          {
            action: 'office.guarantors.searched',
            staffId: DEMO_STAFF.viewer.email,
            from: today,
            to: today,
            limit: 100,
          },
        ],
        [`guarantorId=no-such-guarantor`, { guarantorId: 'no-such-guarantor', limit: 100 }],
      ];
      for (const [index, [search, query]] of queries.entries()) {
        const call = await called(`${OFFICE_API_PATHS.audit}?${search}`, `trail-call-${index}`);
        const requestId = `trail-service-${index}`;
        const answer = await server.app.services.office.audit.page(
          query,
          viewer,
          context(requestId),
        );
        expect(call.status, search).toBe(200);
        expect(call.body, search).toBe(JSON.stringify(answer));
        const rows = await auditRowsOf(server, requestId);
        expect(call.rows.map(described), search).toEqual(rows.map(described));
        expect(
          call.rows.map((row) => row.action),
          search,
        ).toEqual(['office.audit.viewed']);
      }
    });

    it('reads and audits nothing for an ended, unknown or disabled staff session', async () => {
      const path = `${OFFICE_API_PATHS.audit}?${searched}`;
      await expectEndedSessionsUnread(server, path, DEMO_STAFF.viewer.email);
      await expectDisabledMemberUnread(server, path, DEMO_STAFF.viewer.email);
    });

    it('answers a bad query 401 without a session, and 400 only to a signed-in caller', async () => {
      const reversed = `${OFFICE_API_PATHS.audit}?from=2026-02-02&to=2026-01-01`;
      expect((await officeCall(server, reversed)).status).toBe(401);
      const signedIn = await called(reversed, 'trail-reversed');
      expect(signedIn.status).toBe(400);
      expect(signedIn.rows).toEqual([]);
      await expectEndedSessionsUnread(server, reversed, DEMO_STAFF.viewer.email);
    });
  });
});
