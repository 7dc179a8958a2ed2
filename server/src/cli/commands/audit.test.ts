import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@webpay/contracts/api';
import { addDays, toIsoDate } from '@webpay/contracts/dates';
import { auditEvents } from '../../db/schema.ts';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { cliRunner } from '../../../test/support/cli.ts';

const { maria, james } = DEMO_GUARANTORS;

interface JsonEvent {
  id: number;
  time: string;
  action: string;
  outcome: string;
  actorType: string;
  guarantorAccount: string | null;
  requestId: string | null;
  details: Record<string, unknown> | null;
}

describe.each(testDatabaseKinds)('webpay audit (%s)', (kind) => {
  let server: TestServer;
  const run = cliRunner(() => server);
  const today = toIsoDate(new Date());

  beforeAll(async () => {
    server = await startTestServer(kind);
    const token = await server.login(maria.accountNumber, maria.pin);
    expect((await server.api(API_PATHS.encounters, { token })).status).toBe(200);
    const wrong = await server.api(API_PATHS.login, {
      body: { accountNumber: maria.accountNumber, pin: '00000000' },
    });
    expect(wrong.status).toBe(401);
    await server.login(james.accountNumber, james.pin);
    expect((await run('export-payments')).code).toBe(0);
  });

  afterAll(async () => {
    await server?.close();
  });

  const events = async (...filters: string[]) => {
    const { code, out, err } = await run('audit', '--json', ...filters);
    expect(err).toEqual([]);
    expect(code).toBe(0);
    return out.map((line) => JSON.parse(line) as JsonEvent);
  };

  it('lists the trail newest first as an aligned table', async () => {
    const { code, out } = await run('audit');
    expect(code).toBe(0);
    const [header, ...rows] = out;
    expect(header).toMatch(/^TIME\s+ACTION\s+OUTCOME\s+ACTOR\s+GUARANTOR\s+TARGET\s+REQUEST ID$/);
    const all = await events();
    expect(rows).toHaveLength(all.length);
    expect(all.map((event) => event.action)).toEqual([
      'payments.exported',
      'auth.login',
      'auth.login',
      'encounters.read',
      'auth.login',
    ]);
    const times = all.map((event) => event.time);
    expect([...times].sort().reverse()).toEqual(times);

    const columns = ['ACTION', 'OUTCOME', 'ACTOR', 'GUARANTOR', 'TARGET', 'REQUEST ID'].map(
      (heading) => header?.indexOf(heading) ?? -1,
    );
    rows.forEach((row, index) => {
      const event = all[index];
      expect(row.startsWith(event?.time ?? '?')).toBe(true);
      expect(row.slice(columns[0]).startsWith(event?.action ?? '?')).toBe(true);
      expect(row.slice(columns[1]).startsWith(event?.outcome ?? '?')).toBe(true);
      expect(row.slice(columns[3]).startsWith(event?.guarantorAccount ?? '-')).toBe(true);
      expect(row.slice(columns[5]).startsWith(event?.requestId ?? '-')).toBe(true);
    });
    expect(rows[0]).toMatch(/payments\.exported\s+success\s+operator\s+-\s+export_batch\s+cli-/);
    expect(rows[2]).toMatch(/auth\.login\s+failure\s+anonymous\s+100200300\s+guarantor \S+\s+\S+/);
  });

  it("filters by the guarantor's account number", async () => {
    const marias = await events('--guarantor', maria.accountNumber);
    expect(marias.map((event) => [event.action, event.outcome, event.actorType])).toEqual([
      ['auth.login', 'failure', 'anonymous'],
      ['encounters.read', 'success', 'guarantor'],
      ['auth.login', 'success', 'guarantor'],
    ]);
    expect(marias.every((event) => event.guarantorAccount === maria.accountNumber)).toBe(true);
    expect(JSON.stringify(marias)).not.toContain(maria.pin);
    expect(JSON.stringify(marias)).not.toContain('00000000');
    expect(marias[0]?.details).toMatchObject({ method: 'pin', reason: 'wrong_pin' });

    const nobody = await run('audit', '--guarantor', '999999999');
    expect(nobody).toMatchObject({
      code: 1,
      err: ['audit: there is no guarantor with account number 999999999'],
    });
  });

  it('filters by action prefix, taken literally', async () => {
    expect((await events('--action', 'auth.')).map((event) => event.action)).toEqual([
      'auth.login',
      'auth.login',
      'auth.login',
    ]);
    expect((await events('--action', 'payments')).map((event) => event.action)).toEqual([
      'payments.exported',
    ]);
    expect(await events('--action', 'payment_')).toEqual([]);
    expect(await events('--action', '%')).toEqual([]);
  });

  it('filters by request id', async () => {
    const [login] = await server.database.db
      .select({ requestId: auditEvents.requestId })
      .from(auditEvents)
      .where(eq(auditEvents.action, 'encounters.read'))
      .orderBy(desc(auditEvents.id));
    const found = await events('--request-id', login?.requestId ?? '');
    expect(found.map((event) => event.action)).toEqual(['encounters.read']);
    expect(await events('--request-id', 'no-such-request')).toEqual([]);
  });

  it('filters by days or instants, both ends inclusive', async () => {
    expect(await events('--since', today, '--until', today)).toHaveLength(5);
    expect(await events('--since', addDays(today, 1))).toEqual([]);
    expect(await events('--until', addDays(today, -1))).toEqual([]);

    const all = await events();
    const middle = all[2]?.time ?? '';
    expect((await events('--until', middle)).map((event) => event.id)).toEqual(
      all.slice(2).map((event) => event.id),
    );
    expect((await events('--since', middle)).map((event) => event.id)).toEqual(
      all.slice(0, 3).map((event) => event.id),
    );

    const none = await run('audit', '--since', addDays(today, 1));
    expect(none.out).toEqual(['No audit events match.']);
  });

  it('shows at most --limit events, and says when there may be more', async () => {
    const { code, out, err } = await run('audit', '--limit', '2');
    expect(code).toBe(0);
    expect(out).toHaveLength(3);
    expect(err).toEqual(['Showing the newest 2; --limit shows more.']);
  });

  it('refuses options it cannot read, and explains itself', async () => {
    expect((await run('audit', '--since', 'yesterday')).err).toEqual([
      'audit: --since: must be YYYY-MM-DD or an ISO 8601 time with offset',
    ]);
    expect((await run('audit', '--until', '2026-13-01')).code).toBe(1);
    expect((await run('audit', '--limit', '0')).err).toEqual([
      'audit: --limit: must be a whole number from 1 to 100000',
    ]);
    expect((await run('audit', '--guarantor', '12')).err).toEqual([
      'audit: --guarantor: Account number must be 6 to 12 digits',
    ]);
    const help = await run('audit', '--help');
    expect(help.out[0]).toBe(
      'Usage: webpay audit [--guarantor ACCOUNT_NUMBER] [--request-id ID] [--since DATE] [--until DATE] [--action PREFIX] [--limit N] [--json]',
    );
  });
});
