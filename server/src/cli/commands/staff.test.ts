import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFICE_API_PATHS, enrolmentSchema } from '@webpay/contracts/office';
import { auditEvents, staffMembers } from '../../db/schema.ts';
import { DEMO_STAFF } from '../../demo/demo-staff.ts';
import { cliRunner } from '../../../test/support/cli.ts';
import { officeCall, staffSignIn } from '../../../test/support/office.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';

describe('webpay staff (pglite)', () => {
  let server: TestServer;
  const run = cliRunner(() => server);

  beforeAll(async () => {
    server = await startTestServer('pglite');
  });

  afterAll(async () => {
    await server?.close();
  });

  const operatorAudit = (action: string) =>
    server.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, action), like(auditEvents.requestId, `cli-staff-%`)));

  const linkIn = (lines: string[]) => {
    const url = lines.find((line) => line.includes('/office/enrol/'))?.trim();
    if (!url) throw new Error(`no enrolment link in ${lines.join('\n')}`);
    return url;
  };

  it('lists the staff with role and status', async () => {
    const { code, out, err } = await run('staff', 'list');
    expect(err).toEqual([]);
    expect(code).toBe(0);
    for (const member of Object.values(DEMO_STAFF)) {
      const line = out.find((candidate) => candidate.startsWith(member.email));
      expect(line).toMatch(new RegExp(`${member.name}\\s+${member.role}\\s+active\\s+local`));
    }
    expect((await operatorAudit('staff.list')).length).toBe(1);
  });

  it('adds a staff member and prints their one-time enrolment link', async () => {
    const { code, out, err } = await run(
      'staff',
      'add',
      '--name',
      'Quinn Holloway',
      '--email',
      'Quinn.Holloway@Example.org',
      '--role',
      'supervisor',
    );
    expect(err).toEqual([]);
    expect(code).toBe(0);
    expect(out[0]).toBe('Added Quinn Holloway <quinn.holloway@example.org> (supervisor, invited).');
    const url = linkIn(out);
    expect(url.startsWith(`${server.env.PUBLIC_URL}/office/enrol/`)).toBe(true);
    const token = decodeURIComponent(url.split('/').pop() ?? '');
    const shown = await officeCall(server, OFFICE_API_PATHS.enrolment(token));
    expect(enrolmentSchema.parse(await shown.json())).toMatchObject({
      email: 'quinn.holloway@example.org',
      role: 'supervisor',
    });
    const [audit] = await operatorAudit('staff.add');
    expect(audit).toMatchObject({ actorType: 'operator', actorId: null, targetType: 'staff' });
  });

  it('refuses a bad role, a taken address and a missing option without changing anything', async () => {
    const before = await server.database.db.select().from(staffMembers);
    const badRole = await run(
      'staff',
      'add',
      '--name',
      'A B',
      '--email',
      'a@b.example',
      '--role',
      'owner',
    );
    expect(badRole.code).toBe(1);
    expect(badRole.err[0]).toMatch(/^staff: --role: /);
    const taken = await run(
      'staff',
      'add',
      '--name',
      'Sam Again',
      '--email',
      DEMO_STAFF.viewer.email,
      '--role',
      'viewer',
    );
    expect(taken.code).toBe(1);
    expect(taken.err).toEqual(['staff: Another staff member already has this email address.']);
    const missing = await run('staff', 'disable');
    expect(missing.code).toBe(1);
    expect(missing.err[0]).toMatch(/^staff: --email: /);
    const unknown = await run('staff', 'promote');
    expect(unknown.code).toBe(1);
    expect(await server.database.db.select().from(staffMembers)).toHaveLength(before.length);
  });

  it('disables a staff member, ending their sessions', async () => {
    const token = await staffSignIn(server, DEMO_STAFF.agent);
    const { code, out } = await run('staff', 'disable', '--email', DEMO_STAFF.agent.email);
    expect(code).toBe(0);
    expect(out[0]).toMatch(/^Disabled Chris Park <chris\.park@/);
    expect((await officeCall(server, OFFICE_API_PATHS.me, { token })).status).toBe(401);
    const [audit] = await operatorAudit('staff.disable');
    expect(audit?.details).toMatchObject({ previousStatus: 'active', sessionsEnded: 1 });
  });

  it('resets a staff member and prints the new link', async () => {
    const { code, out } = await run('staff', 'reset', '--email', DEMO_STAFF.agent.email);
    expect(code).toBe(0);
    expect(out[0]).toBe(
      'Reset Chris Park <chris.park@wasatchvalleyhealth.example> (agent, invited).',
    );
    linkIn(out);
    const unknown = await run('staff', 'reset', '--email', 'nobody@example.org');
    expect(unknown).toMatchObject({
      code: 1,
      err: ['staff: there is no staff member with the email nobody@example.org'],
    });
  });

  it('explains itself', async () => {
    const { code, out } = await run('staff', '--help');
    expect(code).toBe(0);
    expect(out[0]).toMatch(/^Usage: webpay staff /);
    const help = out.join('\n');
    expect(help).toContain('add: viewer, agent, reviewer, supervisor, admin');
    expect(help).toContain(
      'reviewer reads, and decides financial assistance, the only role to see',
    );
    expect(help).not.toContain('what the ones before it allow');
  });
});
