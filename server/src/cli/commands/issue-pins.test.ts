import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@webpay/contracts/api';
import { auditEvents, guarantors } from '../../db/schema.ts';
import { DEMO_GUARANTOR_LIST, DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import { PIN_FILE_COLUMNS } from '../../modules/statement-pins/pin-file.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { cliRunner, type CliRun } from '../../../test/support/cli.ts';

const { maria, james, linda } = DEMO_GUARANTORS;

type PinRow = Record<(typeof PIN_FILE_COLUMNS)[number], string>;

/** The rows of a PIN file; the test data has no field that needs quoting. */
async function readPinFile(file: string): Promise<PinRow[]> {
  const lines = (await readFile(file, 'utf8')).split('\r\n');
  expect(lines.shift()).toBe(PIN_FILE_COLUMNS.join(','));
  expect(lines.pop()).toBe('');
  return lines.map(
    (line) =>
      Object.fromEntries(
        line.split(',').map((value, index) => [PIN_FILE_COLUMNS[index], value]),
      ) as PinRow,
  );
}

describe.each(testDatabaseKinds)('webpay issue-pins (%s)', (kind) => {
  let server: TestServer;
  let directory: string;
  const run = cliRunner(() => server);
  /** Every PIN issued so far, to prove none of them is ever shown. */
  const issuedPins: string[] = [];
  const runs: CliRun[] = [];

  const issuePins = async (...argv: string[]) => {
    const result = await run('issue-pins', ...argv);
    runs.push(result);
    return result;
  };

  beforeAll(async () => {
    server = await startTestServer(kind);
    directory = await mkdtemp(path.join(tmpdir(), 'webpay-issue-pins-'));
  });

  afterAll(async () => {
    await server?.close();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  const db = () => server.database.db;

  const signInStatus = async (accountNumber: string, pin: string) =>
    (await server.api(API_PATHS.login, { body: { accountNumber, pin } })).status;

  const pinColumns = () =>
    db()
      .select({
        accountNumber: guarantors.accountNumber,
        pinHash: guarantors.pinHash,
        pinIssuedAt: guarantors.pinIssuedAt,
      })
      .from(guarantors)
      .orderBy(asc(guarantors.accountNumber));

  const issuedEvents = () =>
    db().select().from(auditEvents).where(eq(auditEvents.action, 'pin.issued'));

  it('gives the chosen guarantors new PINs that sign in, and their old PINs stop working', async () => {
    const file = path.join(directory, 'pins.csv');
    const { code, out, err } = await issuePins(
      '--account',
      `${maria.accountNumber}, ${james.accountNumber}`,
      '--out',
      file,
    );
    expect(err).toEqual([]);
    expect(code).toBe(0);
    expect(out).toEqual([`Issued 2 PINs (2 replacing a PIN) to ${file}.`]);

    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readdir(directory)).toEqual(['pins.csv']);
    const rows = await readPinFile(file);
    expect(rows.map((row) => [row.account_number, row.mmi, row.first_name, row.last_name])).toEqual(
      [
        [maria.accountNumber, maria.mmi, 'Maria', 'Garcia'],
        [james.accountNumber, james.mmi, 'James', 'Wilson'],
      ],
    );
    for (const row of rows) expect(row.pin).toMatch(/^\d{8}$/);
    issuedPins.push(...rows.map((row) => row.pin));

    const stored = await db()
      .select({ id: guarantors.id, pinIssuedAt: guarantors.pinIssuedAt })
      .from(guarantors)
      .where(inArray(guarantors.accountNumber, [maria.accountNumber, james.accountNumber]));
    for (const { pinIssuedAt } of stored) {
      expect(pinIssuedAt?.toISOString()).toBe(rows[0]?.issued_at);
    }

    const [mariaRow, jamesRow] = rows;
    expect(await signInStatus(maria.accountNumber, mariaRow?.pin ?? '')).toBe(200);
    expect(await signInStatus(maria.accountNumber, maria.pin)).toBe(401);
    expect(await signInStatus(james.accountNumber, jamesRow?.pin ?? '')).toBe(200);
    expect(await signInStatus(james.accountNumber, james.pin)).toBe(401);

    const events = await issuedEvents();
    expect(events).toHaveLength(2);
    for (const event of events) {
      expect(event).toMatchObject({
        outcome: 'success',
        actorType: 'operator',
        targetType: 'guarantor',
        details: { replaced: true, file: 'pins.csv', issuedAt: rows[0]?.issued_at },
      });
      expect(event.requestId).toMatch(/^cli-issue-pins-/);
    }
    expect(new Set(events.map((event) => event.guarantorId))).toEqual(
      new Set(stored.map((row) => row.id)),
    );
  });

  it('--missing issues PINs only to guarantors without one, showing progress on a large run', async () => {
    const newcomers = Array.from({ length: 24 }, (_, index) => ({
      id: `test-newcomer-${index}`,
      accountNumber: `9${String(index).padStart(8, '0')}`,
      mmi: `9${String(index).padStart(6, '0')}`,
      firstName: 'New',
      lastName: `Comer ${index}`,
      birthdate: '1990-01-01',
    }));
    await db().insert(guarantors).values(newcomers);
    const before = await pinColumns();
    const file = path.join(directory, 'newcomers.csv');

    const { code, out, err } = await issuePins('--missing', '--out', file);
    expect(code).toBe(0);
    expect(out).toEqual([
      `Issued 24 PINs (0 replacing a PIN) to ${file}; 5 skipped (they have a PIN).`,
    ]);
    expect(err.length).toBeGreaterThan(0);
    expect(err.at(-1)).toBe('hashing PINs: 24 of 24 (100%)');

    const rows = await readPinFile(file);
    issuedPins.push(...rows.map((row) => row.pin));
    expect(rows.map((row) => row.account_number)).toEqual(
      newcomers.map((newcomer) => newcomer.accountNumber),
    );
    const after = await pinColumns();
    const demoAccounts = new Set<string>(DEMO_GUARANTOR_LIST.map((demo) => demo.accountNumber));
    const demoPins = (columns: typeof before) =>
      columns.filter((row) => demoAccounts.has(row.accountNumber));
    expect(demoPins(after)).toEqual(demoPins(before));
    const newcomer = rows[7];
    expect(await signInStatus(newcomer?.account_number ?? '', newcomer?.pin ?? '')).toBe(200);
    expect(
      (await issuedEvents()).filter(
        (event) => (event.details as { replaced?: boolean }).replaced === false,
      ),
    ).toHaveLength(24);

    const again = await issuePins('--missing', '--out', path.join(directory, 'none.csv'));
    expect(again.code).toBe(0);
    expect(again.out).toEqual([
      'No guarantor to issue a PIN to; 29 skipped (they have a PIN). Nothing was written.',
    ]);
    expect(await readdir(directory)).not.toContain('none.csv');
  });

  it('--dry-run lists who would get a PIN and changes nothing', async () => {
    const before = await pinColumns();
    const events = (await issuedEvents()).length;
    const { code, out, err } = await issuePins('--all', '--dry-run');
    expect(err).toEqual([]);
    expect(code).toBe(0);
    expect(out).toHaveLength(before.length + 1);
    expect(out).toContain(
      `would issue  ${linda.accountNumber}  Linda Chen — replaces the PIN issued ${before
        .find((row) => row.accountNumber === linda.accountNumber)
        ?.pinIssuedAt?.toISOString()
        .slice(0, 10)}`,
    );
    expect(out.at(-1)).toBe(
      `Dry run: would issue ${before.length} PINs, ${before.length} replacing a PIN. Nothing was written.`,
    );
    expect(await pinColumns()).toEqual(before);
    expect(await issuedEvents()).toHaveLength(events);
    expect(await readdir(directory)).toEqual(['newcomers.csv', 'pins.csv']);
  });

  it('refuses an --out file that exists, before changing anything', async () => {
    const existing = path.join(directory, 'existing.csv');
    await writeFile(existing, 'keep me\n');
    const before = await pinColumns();
    const { code, out, err } = await issuePins('--account', linda.accountNumber, '--out', existing);
    expect(code).toBe(1);
    expect(out).toEqual([]);
    expect(err).toEqual([`issue-pins: ${existing} already exists; choose another --out`]);
    expect(await readFile(existing, 'utf8')).toBe('keep me\n');
    expect(await pinColumns()).toEqual(before);
  });

  it('reports unknown account numbers with exit code 1 and changes nothing', async () => {
    const before = await pinColumns();
    const events = (await issuedEvents()).length;
    const file = path.join(directory, 'unknown.csv');
    const { code, out, err } = await issuePins(
      '--account',
      `${linda.accountNumber},999999999,888888888`,
      '--out',
      file,
    );
    expect(code).toBe(1);
    expect(out).toEqual([]);
    expect(err).toEqual([
      'issue-pins: there is no guarantor with account number 999999999',
      'issue-pins: there is no guarantor with account number 888888888',
      'Nothing was changed.',
    ]);
    expect(await readdir(directory)).not.toContain('unknown.csv');
    expect(await pinColumns()).toEqual(before);
    expect(await issuedEvents()).toHaveLength(events);
    expect(await signInStatus(linda.accountNumber, linda.pin)).toBe(200);
  });

  it('checks its options before touching the database', async () => {
    const file = path.join(directory, 'options.csv');
    const cases: [string[], string][] = [
      [['--out', file], 'issue-pins: choose who gets a PIN: --account, --all or --missing'],
      [
        ['--all', '--account', linda.accountNumber, '--out', file],
        'issue-pins: --account and --all cannot be used together',
      ],
      [
        ['--account', `${linda.accountNumber},12ab`, '--out', file],
        'issue-pins: --account: "12ab": Account number must be 6 to 12 digits',
      ],
      [
        ['--account', ',', '--out', file],
        'issue-pins: --account: give at least one account number',
      ],
      [['--all'], 'issue-pins: --out FILE is required: the PINs go there'],
      [
        ['--all', '--out', path.join(directory, 'absent', 'pins.csv')],
        `issue-pins: ${path.join(directory, 'absent')} is not a directory`,
      ],
    ];
    for (const [argv, message] of cases) {
      const { code, out, err } = await issuePins(...argv);
      expect(code, argv.join(' ')).toBe(1);
      expect(out).toEqual([]);
      expect(err).toEqual([message]);
    }
  });

  it('explains itself with --help', async () => {
    const { code, out } = await issuePins('--help');
    expect(code).toBe(0);
    expect(out[0]).toBe(
      'Usage: webpay issue-pins [--account NUMBERS] [--all] [--missing] [--out FILE] [--dry-run]',
    );
    expect(out.join('\n')).toContain(
      'account_number, mmi, first_name, last_name, pin and issued_at',
    );
    expect((await run('--help')).out.join('\n')).toMatch(/issue-pins\s+Issue new statement PINs/);
  });

  it('never shows a PIN, on the terminal or in the audit trail', async () => {
    expect(issuedPins.length).toBe(26);
    const shown = runs.flatMap((result) => [...result.out, ...result.err]).join('\n');
    const audited = JSON.stringify(await db().select().from(auditEvents));
    for (const pin of issuedPins) {
      expect(shown).not.toContain(pin);
      expect(audited).not.toContain(pin);
    }
  });
});
