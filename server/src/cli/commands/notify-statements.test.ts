import { and, desc, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@webpay/contracts/api';
import { claimsSchema, loginResponseSchema } from '@webpay/contracts/auth';
import { formatDate } from '@webpay/contracts/dates';
import { formatCents } from '@webpay/contracts/money';
import { auditEvents, guarantors, loginChallenges, statements } from '../../db/schema.ts';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import {
  linkFrom,
  startMailCatcher,
  type MailCatcher,
} from '../../../test/support/mail-catcher.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import type { CommandContext } from '../command.ts';
import { runCli } from '../webpay.ts';

const { maria } = DEMO_GUARANTORS;

describe.each(testDatabaseKinds)('webpay notify-statements (%s)', (kind) => {
  let catcher: MailCatcher;
  let server: TestServer;

  beforeAll(async () => {
    catcher = await startMailCatcher();
    server = await startTestServer(kind, { env: { SMTP_URL: catcher.url } });
  });

  afterAll(async () => {
    await server?.close();
    await catcher?.close();
  });

  /** Runs a command line in-process against the test server's database and mail. */
  const run = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const context: CommandContext = {
      io: { out: (line) => out.push(line), err: (line) => err.push(line) },
      env: server.env,
      withServices: (work) => work(server.app.services, server.database),
      withDatabase: (work) => work(server.database),
    };
    const code = await runCli(argv, context);
    return { code, out, err };
  };

  const latestStatement = async () => {
    const [row] = await server.database.db
      .select({ statement: statements })
      .from(statements)
      .innerJoin(guarantors, eq(guarantors.id, statements.guarantorId))
      .where(eq(guarantors.accountNumber, maria.accountNumber))
      .orderBy(desc(statements.statementDate))
      .limit(1);
    if (!row) throw new Error('Maria has no statement');
    return row.statement;
  };

  it('lists what it would send on a dry run, and sends nothing', async () => {
    const { code, out } = await run('notify-statements', '--dry-run');
    expect(code).toBe(0);
    expect(out.join('\n')).toMatch(
      /would send\s+100200300\s+Maria Garcia <maria.garcia@example.com>/,
    );
    expect(out.at(-1)).toBe('Dry run: would send 1, already notified 0. Nothing was sent.');
    expect(catcher.mailsTo(maria.email)).toEqual([]);
    expect((await latestStatement()).notifiedAt).toBeNull();
  });

  it('e-mails paperless guarantors their latest statement with a long-lived sign-in link', async () => {
    const statement = await latestStatement();
    const { code, out } = await run('notify-statements');
    expect(code).toBe(0);
    const amount = formatCents(statement.amountDueCents);
    expect(out).toContain(
      `${'queued'.padEnd(27)} 100200300    Maria Garcia <maria.garcia@example.com> — statement of ${formatDate(statement.statementDate)}: ${amount} due ${formatDate(statement.dueDate)}`,
    );
    expect(out.at(-1)).toBe('Queued 1, already notified 0.');

    // Only Maria is paperless in the demo data.
    const mail = await catcher.waitForMail({ to: maria.email, subject: 'statement is ready' });
    expect(catcher.messages).toHaveLength(1);
    expect(mail.text).toContain(`Statement date: ${formatDate(statement.statementDate)}`);
    expect(mail.text).toContain(`Amount due: ${amount}`);
    expect(mail.text).toContain(`Due date: ${formatDate(statement.dueDate)}`);
    expect(mail.text).toContain('works for 7 days');

    const [link] = await server.database.db
      .select()
      .from(loginChallenges)
      .where(and(eq(loginChallenges.kind, 'magic_link'), eq(loginChallenges.email, maria.email)))
      .orderBy(desc(loginChallenges.createdAt));
    if (!link) throw new Error('no sign-in link was stored');
    const lifetimeHours = (link.expiresAt.getTime() - link.createdAt.getTime()) / 3_600_000;
    expect(lifetimeHours).toBeCloseTo(168, 1);
    expect(link?.payload).toEqual({ purpose: 'statement_notice', statementId: statement.id });

    const token = new URL(linkFrom(mail, '/login/magic')).searchParams.get('abracadabra');
    const signedIn = await server.api(API_PATHS.loginMagic, { body: { abracadabra: token } });
    expect(signedIn.status).toBe(200);
    const claims = claimsSchema.parse(
      decodeJwt(loginResponseSchema.parse(await signedIn.json()).access_token),
    );
    expect(claims.loginType).toBe('magic');
    expect((await server.api(API_PATHS.loginMagic, { body: { abracadabra: token } })).status).toBe(
      401,
    );

    expect((await latestStatement()).notifiedAt).toBeInstanceOf(Date);
    const [audit] = await server.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'statement.notify'));
    expect(audit).toMatchObject({
      outcome: 'success',
      actorType: 'operator',
      targetType: 'statement',
      targetId: statement.id,
    });
  });

  it('notifies a statement once unless --force is given', async () => {
    const again = await run('notify-statements');
    expect(again.code).toBe(0);
    expect(again.out.join('\n')).toContain('skipped (already notified)');
    expect(again.out.at(-1)).toBe('Queued 0, already notified 1.');

    const forced = await run('notify-statements', '--force', '--account', maria.accountNumber);
    expect(forced.code).toBe(0);
    expect(forced.out.join('\n')).toContain('queued (again)');
    await catcher.waitForMail({ to: maria.email, subject: 'statement is ready' });
  });

  it('says why an account gets nothing, and keeps a notice the mail server refused until it takes it', async () => {
    const notPaperless = await run('notify-statements', '--account', '200300400');
    expect(notPaperless.code).toBe(1);
    expect(notPaperless.out).toContain(
      'Nothing to send: account 200300400 is not enrolled in paperless.',
    );
    const nobody = await run('notify-statements', '--account', '999999999');
    expect(nobody.out).toContain(
      'Nothing to send: there is no guarantor with account number 999999999.',
    );
    const bad = await run('notify-statements', '--account', '12');
    expect(bad.code).toBe(1);
    expect(bad.err).toEqual([
      'notify-statements: --account: Account number must be 6 to 12 digits',
    ]);

    // The mail server refuses: the notice waits in the outbox, whose retries
    // send it once the server is back (test/faults/mail-outbox.test.ts).
    catcher.refuse();
    const before = catcher.messages.length;
    try {
      const refused = await run('notify-statements', '--force');
      expect(refused.code).toBe(0);
      expect(refused.out.at(-1)).toBe('Queued 1, already notified 0.');
      expect(refused.err).toEqual([
        'notify-statements: 1 e-mail waits in the outbox for the mail server; a running server sends it (webpay jobs shows the queue).',
      ]);
      expect(catcher.messages).toHaveLength(before);
    } finally {
      catcher.accept();
    }
  });

  it('explains itself', async () => {
    const general = await run('--help');
    expect(general.code).toBe(0);
    expect(general.out.join('\n')).toMatch(/notify-statements\s+E-mail paperless guarantors/);
    const own = await run('notify-statements', '--help');
    expect(own.code).toBe(0);
    expect(own.out[0]).toBe(
      'Usage: webpay notify-statements [--account NUMBER] [--dry-run] [--force]',
    );
    expect(own.out.join('\n')).toContain('STATEMENT_LINK_TTL_HOURS');
    expect((await run('no-such-command')).code).toBe(1);
    expect((await run()).code).toBe(1);
    const unknownOption = await run('notify-statements', '--bogus');
    expect(unknownOption.code).toBe(1);
    expect(unknownOption.err[0]).toContain("Unknown option '--bogus'");
  });
});
