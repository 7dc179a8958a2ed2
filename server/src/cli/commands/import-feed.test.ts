import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@webpay/contracts/api';
import { encountersResponseSchema, type EncountersResponse } from '@webpay/contracts/encounters';
import { PAYMENT_TYPE_LABELS } from '@webpay/contracts/payments';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import { payByCard } from '../../../test/support/payments.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { cliRunner } from '../../../test/support/cli.ts';

const EXAMPLE_FEED = fileURLToPath(
  new URL('../../../../docs/examples/billing-feed.jsonl', import.meta.url),
);
const OLIVIA = '600700800';

/*
 * A billing office's day from the README: load the feed, print PINs, a
 * guarantor pays, the payments are exported and applied, and the next
 * morning's feed reflects them, with the portal showing each step.
 */
describe.each(testDatabaseKinds)('webpay import (%s)', (kind) => {
  let server: TestServer;
  let directory: string;
  const run = cliRunner(() => server);

  beforeAll(async () => {
    server = await startTestServer(kind);
    directory = await mkdtemp(path.join(tmpdir(), 'webpay-import-'));
  });
  afterAll(async () => {
    await server?.close();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  const dashboard = async (token: string): Promise<EncountersResponse> => {
    const response = await server.api(API_PATHS.encounters, { token });
    expect(response.status).toBe(200);
    return encountersResponseSchema.parse(await response.json());
  };
  const file = async (name: string, text: string) => {
    const target = path.join(directory, name);
    await writeFile(target, text);
    return target;
  };

  it('explains itself', async () => {
    const { code, out } = await run('import', '--help');
    expect(code).toBe(0);
    expect(out[0]).toBe('Usage: webpay import [--dry-run] [--allow-older] [--quiet] FILE');
    expect(out.join('\n')).toMatch(/docs\/billing-feed\.md/);
  });

  it('says so when the file cannot be read', async () => {
    const { code, err } = await run('import', path.join(directory, 'missing.jsonl'));
    expect(code).toBe(1);
    expect(err[0]).toMatch(/^import: cannot read .*missing\.jsonl: ENOENT/);
  });

  it('reports every problem with its file and line, and imports nothing', async () => {
    const lines = (await readFile(EXAMPLE_FEED, 'utf8')).split('\n');
    lines[3] = (lines[3] ?? '').replace('"balance":"845.10"', '"balance":"845.105"');
    lines[7] = (lines[7] ?? '').replace('"facility":"221"', '"facility":"222"');
    const bad = await file('bad.jsonl', lines.join('\n'));
    const { code, out, err } = await run('import', '--quiet', bad);
    expect(code).toBe(1);
    expect(out).toEqual([]);
    expect(err).toEqual([
      `${bad}:4: encounter 107-40060001: balance: "845.105" is not an amount in dollars with at most two decimals, from 0 to 10000000.00`,
      `${bad}:8: encounter 222-60901: unknown facility 222`,
      `Nothing was imported: 2 problems in ${bad}.`,
    ]);
    const maria = await server.login(
      DEMO_GUARANTORS.maria.accountNumber,
      DEMO_GUARANTORS.maria.pin,
    );
    expect((await dashboard(maria)).encounters.length).toBeGreaterThan(0);
  });

  it('a dry run shows what would change and changes nothing', async () => {
    const { code, out } = await run('import', '--dry-run', '--quiet', EXAMPLE_FEED);
    expect(code).toBe(0);
    expect(out[0]).toBe(
      `Feed WVH-20261122-0600, generated 2026-11-22T06:00:00.000Z: 10 records in ${EXAMPLE_FEED}`,
    );
    expect(out[3]).toMatch(/^payment plans\s+1\s+0\s+0\s+27$/);
    expect(out.at(-1)).toMatch(/^Dry run: checked in [\d.]+ s\. Nothing was changed\.$/);
    const maria = await server.login(
      DEMO_GUARANTORS.maria.accountNumber,
      DEMO_GUARANTORS.maria.pin,
    );
    expect((await dashboard(maria)).encounters.length).toBeGreaterThan(0);
  });

  it('loads the feed, and the portal follows it through payment, posting and the next feed', async () => {
    const imported = await run('import', EXAMPLE_FEED);
    expect(imported.code).toBe(0);
    expect(imported.out.slice(1, 7)).toEqual([
      '                      created    updated  unchanged     closed',
      'guarantors                  2          0          0          0',
      'payment plans               1          0          0         27',
      'encounters                  5          0          0        294',
      'statements                  1          0          0          0',
      'pending payments            1          0          0          4',
    ]);
    // A small feed loads too fast for progress lines.
    expect(imported.err).toEqual([]);

    // The demo guarantors are not in this feed: their bills are closed.
    const maria = await server.login(
      DEMO_GUARANTORS.maria.accountNumber,
      DEMO_GUARANTORS.maria.pin,
    );
    expect(await dashboard(maria)).toEqual({ encounters: [], paymentPlans: [] });

    // Statement PINs for the new guarantors, then Olivia signs in with hers.
    const pinFile = path.join(directory, 'pins.csv');
    expect((await run('issue-pins', '--missing', '--account', OLIVIA, '--out', pinFile)).code).toBe(
      0,
    );
    const pin = (await readFile(pinFile, 'utf8')).split('\r\n')[1]?.split(',')[4] ?? '';
    const olivia = await server.login(OLIVIA, pin);
    const first = await dashboard(olivia);
    const surgery = first.encounters.find((encounter) => encounter.accountNumber === '40060001');
    expect(surgery).toMatchObject({
      balance: 845.1,
      pendingPayments: [{ receiptId: 'M-20261118-0042', amount: 25 }],
    });
    expect(first.paymentPlans.map((plan) => [plan.id, plan.currentBalance])).toEqual([
      ['PP-8101', 400],
    ]);

    // She pays $100 toward the surgery by card.
    const { receipt } = await payByCard(server, olivia, {
      accounts: [
        {
          paymentType: PAYMENT_TYPE_LABELS.encounter,
          facilityId: '107',
          accountId: '107-40060001',
          amount: 100,
        },
      ],
    });
    const pendingOf = async () =>
      (await dashboard(olivia)).encounters
        .find((encounter) => encounter.accountNumber === '40060001')
        ?.pendingPayments?.map((pending) => pending.receiptId)
        .sort();
    expect(await pendingOf()).toEqual(['M-20261118-0042', receipt.receiptId].sort());

    // Export for posting, then the billing system's confirmation.
    const posting = path.join(directory, 'posting.csv');
    expect((await run('export-payments', '--out', posting)).code).toBe(0);
    expect((await run('apply', posting)).code).toBe(0);
    expect(await pendingOf()).toEqual(['M-20261118-0042']);

    // The next feed: both payments posted, the balance down by them.
    const next = (await readFile(EXAMPLE_FEED, 'utf8'))
      .replace(
        '"feedId":"WVH-20261122-0600","generatedAt":"2026-11-22T06:00:00Z"',
        '"feedId":"WVH-20261123-0600","generatedAt":"2026-11-23T06:00:00Z"',
      )
      .replace(
        '"accountNumber":"40060001","patientName":"Olivia Bennett","status":"self_pay","admitDate":"2026-09-14","balance":"845.10"',
        '"accountNumber":"40060001","patientName":"Olivia Bennett","status":"self_pay","admitDate":"2026-09-14","balance":"720.10"',
      )
      .split('\n')
      .filter((line) => !line.includes('"record":"pending_payment"'))
      .join('\n');
    const nextFile = await file('next.jsonl', next);
    const again = await run('import', '--quiet', nextFile);
    expect(again.code).toBe(0);
    expect(again.out[4]).toMatch(/^encounters\s+0\s+1\s+4\s+0$/);
    expect(again.out[6]).toMatch(/^pending payments\s+0\s+0\s+0\s+1$/);
    const after = await dashboard(olivia);
    const paid = after.encounters.find((encounter) => encounter.accountNumber === '40060001');
    expect(paid?.balance).toBe(720.1);
    expect(paid?.pendingPayments ?? []).toEqual([]);

    // Yesterday's feed again would undo that.
    const stale = await run('import', '--quiet', EXAMPLE_FEED);
    expect(stale.code).toBe(1);
    expect(stale.err[0]).toMatch(
      /:1: the feed was generated at 2026-11-22T06:00:00\.000Z, before feed WVH-20261123-0600/,
    );
  });
});
