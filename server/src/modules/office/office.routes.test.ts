import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@webpay/contracts/api';
import { encountersResponseSchema } from '@webpay/contracts/encounters';
import {
  OFFICE_API_PATHS,
  auditPageSchema,
  guarantorPageSchema,
  guarantorSearchResultSchema,
  officeHomeSchema,
  supportActionResultSchema,
} from '@webpay/contracts/office';
import { auditEvents } from '../../db/schema.ts';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import { DEMO_STAFF } from '../../demo/demo-staff.ts';
import { demoId } from '../../demo/ids.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import { officeCall, staffSignIn } from '../../../test/support/office.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';

const { maria, james } = DEMO_GUARANTORS;
const mariaId = demoId(`guarantor:${maria.accountNumber}`);
const jamesId = demoId(`guarantor:${james.accountNumber}`);

describe.each(testDatabaseKinds)('the billing office console’s API (%s)', (kind) => {
  let server: TestServer;
  const tokens = { viewer: '', agent: '', supervisor: '' };

  beforeAll(async () => {
    server = await startTestServer(kind);
    tokens.viewer = await staffSignIn(server, DEMO_STAFF.viewer);
    tokens.agent = await staffSignIn(server, DEMO_STAFF.agent);
    tokens.supervisor = await staffSignIn(server, DEMO_STAFF.supervisor);
  });

  afterAll(async () => {
    await server?.close();
  });

  const call = (
    path: string,
    token: string,
    request: { body?: unknown; headers?: Record<string, string> } = {},
  ) => officeCall(server, path, { token, ...request });
  const staffIdOf = async (requestId: string) => {
    const [row] = await server.database.db
      .select({
        actorType: auditEvents.actorType,
        actorId: auditEvents.actorId,
        action: auditEvents.action,
      })
      .from(auditEvents)
      .where(eq(auditEvents.requestId, requestId));
    return row;
  };

  it('refuses a call without a staff session, and a guarantor’s token', async () => {
    expect((await officeCall(server, OFFICE_API_PATHS.search + '?q=maria')).status).toBe(401);
    const guarantorToken = await server.login(maria.accountNumber, maria.pin);
    expect((await call(`${OFFICE_API_PATHS.search}?q=maria`, guarantorToken)).status).toBe(401);
  });

  it('finds Maria by each key, for a viewer', async () => {
    const keys: [string, string][] = [
      [maria.accountNumber, 'accountNumber'],
      ['mar gar', 'name'],
      ['03/17/1984', 'birthdate'],
      [maria.email, 'email'],
      ['801 555 0142', 'phone'],
      ['R-9001', 'receiptNumber'],
      ['107-40010001', 'encounterId'],
    ];
    for (const [q, key] of keys) {
      const response = await call(
        `${OFFICE_API_PATHS.search}?q=${encodeURIComponent(q)}`,
        tokens.viewer,
      );
      expect(response.status, q).toBe(200);
      const { hits } = guarantorSearchResultSchema.parse(await response.json());
      expect(hits.find((hit) => hit.guarantorId === mariaId)?.matchedOn, q).toBe(key);
    }
  });

  it('refuses an empty search with 400', async () => {
    const response = await call(`${OFFICE_API_PATHS.search}?q=%20`, tokens.viewer);
    expect(response.status).toBe(400);
  });

  it('shows Maria’s billing exactly as GET /encounters answers her', async () => {
    const guarantorToken = await server.login(maria.accountNumber, maria.pin);
    const portal = await server.api(API_PATHS.encounters, { token: guarantorToken });
    const encounters = encountersResponseSchema.parse(await portal.json());

    const response = await call(OFFICE_API_PATHS.guarantor(mariaId), tokens.viewer, {
      headers: { 'X-Request-Id': 'office-route-page' },
    });

    expect(response.status).toBe(200);
    const page = guarantorPageSchema.parse(await response.json());
    expect(page.billing).toEqual(encounters);
    expect(await staffIdOf('office-route-page')).toMatchObject({
      actorType: 'staff',
      action: 'office.guarantor.viewed',
    });
  });

  it('lets a viewer download a statement PDF', async () => {
    const page = guarantorPageSchema.parse(
      await (await call(OFFICE_API_PATHS.guarantor(mariaId), tokens.viewer)).json(),
    );
    const statement = page.statements[0];
    expect(statement).toBeDefined();
    const response = await call(
      OFFICE_API_PATHS.guarantorStatementPdf(mariaId, statement?.id ?? ''),
      tokens.viewer,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
  });

  it('refuses support actions to a viewer with 403, changing nothing', async () => {
    const response = await call(
      OFFICE_API_PATHS.guarantorAction(jamesId, 'sign-out-all-sessions'),
      tokens.viewer,
      { body: { reason: 'Caller asked' }, headers: { 'X-Request-Id': 'office-route-403' } },
    );
    expect(response.status).toBe(403);
    expect(await staffIdOf('office-route-403')).toMatchObject({ action: 'access.denied' });
  });

  it('requires a reason for a support action', async () => {
    const response = await call(
      OFFICE_API_PATHS.guarantorAction(jamesId, 'unlock-sign-in'),
      tokens.agent,
      { body: { reason: '  ' } },
    );
    expect(response.status).toBe(400);
  });

  it('runs a support action for an agent, answered in Spanish when asked', async () => {
    const response = await call(
      OFFICE_API_PATHS.guarantorAction(jamesId, 'unlock-sign-in'),
      tokens.agent,
      {
        body: { reason: 'Typos' },
        headers: { 'Accept-Language': 'es', 'X-Request-Id': 'office-route-unlock' },
      },
    );
    expect(response.status).toBe(200);
    expect(supportActionResultSchema.parse(await response.json()).message).toBe(
      'El inicio de sesión está desbloqueado; se olvidaron los intentos fallidos.',
    );
    expect(await staffIdOf('office-route-unlock')).toMatchObject({
      actorType: 'staff',
      action: 'office.support.unlock-sign-in',
    });
  });

  it('issues a new PIN whose letter prints once', async () => {
    const response = await call(
      OFFICE_API_PATHS.guarantorAction(jamesId, 'issue-new-pin'),
      tokens.agent,
      {
        body: { reason: 'Lost the statement' },
      },
    );
    const { pinLetterId } = supportActionResultSchema.parse(await response.json());
    const path = OFFICE_API_PATHS.pinLetter(jamesId, pinLetterId ?? '');
    const letter = await call(path, tokens.agent);
    expect(letter.status).toBe(200);
    expect(letter.headers.get('content-type')).toBe('application/pdf');
    expect((await call(path, tokens.agent)).status).toBe(404);
  });

  it('shows the audit trail with the staff member’s name and reason, and exports it', async () => {
    const response = await call(
      `${OFFICE_API_PATHS.audit}?action=office.support.unlock-sign-in&limit=5`,
      tokens.viewer,
    );
    expect(response.status).toBe(200);
    const { entries } = auditPageSchema.parse(await response.json());
    expect(entries[0]).toMatchObject({ actorName: DEMO_STAFF.agent.name, reason: 'Typos' });

    const csv = await call(
      `${OFFICE_API_PATHS.auditCsv}?action=office.support.unlock-sign-in`,
      tokens.viewer,
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(await csv.text()).toContain(`,${DEMO_STAFF.agent.name},`);
  });

  it('refuses a period the wrong way round', async () => {
    const response = await call(
      `${OFFICE_API_PATHS.audit}?from=2026-02-01&to=2026-01-01`,
      tokens.viewer,
    );
    expect(response.status).toBe(400);
  });

  it('has no way to change the audit trail', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const response = await officeCall(server, OFFICE_API_PATHS.audit, {
        method,
        token: tokens.supervisor,
        ...(method === 'DELETE' ? {} : { body: {} }),
      });
      expect([404, 405], method).toContain(response.status);
    }
  });

  it('shows the day', async () => {
    const response = await call(OFFICE_API_PATHS.home, tokens.viewer);
    expect(response.status).toBe(200);
    officeHomeSchema.parse(await response.json());
  });
});
