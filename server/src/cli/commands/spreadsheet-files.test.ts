import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_TYPE_LABELS } from '@webpay/contracts/payments';
import { payments } from '../../db/schema.ts';
import { payByCard } from '../../../test/support/payments.ts';
import { PIN_FILE_COLUMNS } from '../../modules/statement-pins/pin-file.ts';
import { POSTING_COLUMNS } from '../../modules/posting/posting-file.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { cliRunner } from '../../../test/support/cli.ts';

const EXAMPLE_FEED = fileURLToPath(
  new URL('../../../../docs/examples/billing-feed.jsonl', import.meta.url),
);
const OLIVIA = '600700800';
const FORMULA_NAME = '=HYPERLINK("http://evil.example","x")';
const AWKWARD_NAME = 'Olivia, "Liv"\nAnn';

/*
 * The files WebPay hands to others are opened in spreadsheets: a name the
 * billing feed brings must reach the printing vendor's PIN file as text,
 * never as a formula, and the posting file must still read back as written.
 */
describe.each(testDatabaseKinds)('files for spreadsheets (%s)', (kind) => {
  let server: TestServer;
  let directory: string;
  const run = cliRunner(() => server);

  beforeAll(async () => {
    server = await startTestServer(kind);
    directory = await mkdtemp(path.join(tmpdir(), 'webpay-spreadsheet-'));
  });
  afterAll(async () => {
    await server?.close();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  it('writes a formula-like name from the feed into the PIN file as text', async () => {
    const feed = (await readFile(EXAMPLE_FEED, 'utf8')).replace(
      '"firstName":"Olivia","lastName":"Bennett"',
      `"firstName":${JSON.stringify(AWKWARD_NAME)},"lastName":${JSON.stringify(FORMULA_NAME)}`,
    );
    expect(feed).toContain('evil.example');
    const feedFile = path.join(directory, 'feed.jsonl');
    await writeFile(feedFile, feed);
    expect((await run('import', '--quiet', feedFile)).code).toBe(0);

    const pinFile = path.join(directory, 'pins.csv');
    expect((await run('issue-pins', '--account', OLIVIA, '--out', pinFile)).code).toBe(0);
    const text = await readFile(pinFile, 'utf8');

    // Quoted, quotes doubled, and the leading ' that makes a spreadsheet show it as text.
    expect(text).toContain(`,"Olivia, ""Liv""\nAnn","'=HYPERLINK(""http://evil.example"",""x"")",`);
    expect(text).not.toMatch(/(^|,)"?=HYPERLINK/m);

    const rows = parse(text, { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0] ?? {})).toEqual([...PIN_FILE_COLUMNS]);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({
      account_number: OLIVIA,
      first_name: AWKWARD_NAME,
      last_name: `'${FORMULA_NAME}`,
    });
    expect(row?.pin).toMatch(/^\d{8}$/);
    expect(await server.login(OLIVIA, row?.pin ?? '')).toBeTruthy();
  });

  it('writes a posting file that webpay apply reads back', async () => {
    const token = await server.login(
      OLIVIA,
      (
        parse(await readFile(path.join(directory, 'pins.csv'), 'utf8'), { columns: true }) as {
          pin: string;
        }[]
      )[0]?.pin ?? '',
    );
    const { receipt } = await payByCard(server, token, {
      accounts: [
        {
          paymentType: PAYMENT_TYPE_LABELS.encounter,
          facilityId: '107',
          accountId: '107-40060001',
          amount: 100,
        },
      ],
    });
    const posting = path.join(directory, 'posting.csv');
    expect((await run('export-payments', '--out', posting)).code).toBe(0);
    const rows = parse(await readFile(posting, 'utf8'), { columns: true }) as Record<
      string,
      string
    >[];
    expect(Object.keys(rows[0] ?? {})).toEqual([...POSTING_COLUMNS]);
    expect(rows.map((row) => [row.receipt_id, row.account, row.amount])).toEqual([
      [receipt.receiptId, '107-40060001', '100.00'],
    ]);

    const dryRun = await run('apply', '--dry-run', posting);
    expect(dryRun.code).toBe(0);
    expect(dryRun.out[0]).toMatch(new RegExp(`^would apply\\s+${receipt.receiptId}\\s`));

    const applied = await run('apply', posting);
    expect(applied.err).toEqual([]);
    expect(applied.code).toBe(0);
    expect(applied.out.at(-1)).toBe('Applied 1, already applied 0.');
    const [stored] = await server.database.db
      .select({ appliedAt: payments.appliedAt })
      .from(payments)
      .where(eq(payments.id, receipt.id));
    expect(stored?.appliedAt).toBeInstanceOf(Date);
  });
});
