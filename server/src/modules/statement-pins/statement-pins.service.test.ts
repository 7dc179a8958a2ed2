import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, guarantors } from '../../db/schema.ts';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { verifyPin } from '../../lib/secrets.ts';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../../test/support/database.ts';
import { FileNotPublishedError, pinFileText, stageFile } from './pin-file.ts';
import {
  PinChangedMeanwhileError,
  StatementPinsService,
  UncertainCommitError,
} from './statement-pins.service.ts';

const { maria, linda } = DEMO_GUARANTORS;
const context: RequestContext = { requestId: 'test-pins', correlationId: 'test', ipAddress: '' };

describe.each(testDatabaseKinds)('statement PINs (%s)', (kind) => {
  let database: TestDatabase;
  let directory: string;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    directory = await mkdtemp(path.join(tmpdir(), 'webpay-statement-pins-'));
  });

  afterAll(async () => {
    await database?.close();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  const pinHashOf = async (accountNumber: string) => {
    const [row] = await database.db
      .select({ pinHash: guarantors.pinHash })
      .from(guarantors)
      .where(eq(guarantors.accountNumber, accountNumber));
    return row?.pinHash ?? null;
  };
  const issuedEvents = () =>
    database.db.select().from(auditEvents).where(eq(auditEvents.action, 'pin.issued'));

  it('changes nothing and leaves no file when a PIN changed after it was read', async () => {
    const service = new StatementPinsService(database.db);
    const plan = await service.plan({
      accountNumbers: [maria.accountNumber, linda.accountNumber],
      withoutPinOnly: false,
    });
    const mariaBefore = await pinHashOf(maria.accountNumber);
    // Another run gives Linda a PIN while this one hashes.
    await database.db
      .update(guarantors)
      .set({ pinHash: 'scrypt$changed' })
      .where(eq(guarantors.accountNumber, linda.accountNumber));

    const target = path.join(directory, 'stale.csv');
    await expect(
      service.issue(
        plan.guarantors,
        { stage: (pins) => stageFile(target, pinFileText(pins)), fileName: 'stale.csv' },
        context,
      ),
    ).rejects.toThrow(PinChangedMeanwhileError);
    expect(await pinHashOf(maria.accountNumber)).toBe(mariaBefore);
    expect(await verifyPin(maria.pin, mariaBefore ?? '')).toBe(true);
    expect(await issuedEvents()).toEqual([]);
    expect(await readdir(directory)).toEqual([]);
  });

  it('keeps the staged file, which holds the PINs in effect, when it cannot take its name', async () => {
    const service = new StatementPinsService(database.db);
    const plan = await service.plan({
      accountNumbers: [maria.accountNumber],
      withoutPinOnly: false,
    });
    const target = path.join(directory, 'taken.csv');
    let stagedPath = '';
    const failure = await service
      .issue(
        plan.guarantors,
        {
          async stage(pins) {
            const staged = await stageFile(target, pinFileText(pins));
            stagedPath = staged.stagedPath;
            // Someone else writes the target meanwhile; it must not be overwritten.
            await writeFile(target, 'theirs\n');
            return staged;
          },
          fileName: 'taken.csv',
        },
        context,
      )
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(FileNotPublishedError);
    expect(await readFile(target, 'utf8')).toBe('theirs\n');

    const [, row] = (await readFile(stagedPath, 'utf8')).split('\r\n');
    const pin = row?.split(',')[4] ?? '';
    expect(pin).toMatch(/^\d{8}$/);
    expect(await verifyPin(pin, (await pinHashOf(maria.accountNumber)) ?? '')).toBe(true);
    expect(await issuedEvents()).toHaveLength(1);
  });

  it('keeps the staged file when the commit fails without saying whether it happened', async () => {
    const { db } = database;
    // The commit goes through, and then the connection drops before it is confirmed.
    const droppedAtCommit = Object.create(db, {
      transaction: {
        value: async (work: Parameters<typeof db.transaction>[0]) => {
          await db.transaction(work);
          throw new Error('Connection terminated unexpectedly');
        },
      },
    }) as typeof db;
    const service = new StatementPinsService(droppedAtCommit);
    const plan = await service.plan({
      accountNumbers: [linda.accountNumber],
      withoutPinOnly: false,
    });
    const target = path.join(directory, 'uncertain.csv');
    const failure = await service
      .issue(
        plan.guarantors,
        { stage: (pins) => stageFile(target, pinFileText(pins)), fileName: 'uncertain.csv' },
        context,
      )
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UncertainCommitError);
    const { stagedPath, issuedAt } = failure as UncertainCommitError;
    expect((failure as Error).message).toContain(issuedAt.toISOString());
    expect(await readdir(directory)).not.toContain('uncertain.csv');

    const [, row] = (await readFile(stagedPath, 'utf8')).split('\r\n');
    const pin = row?.split(',')[4] ?? '';
    expect(await verifyPin(pin, (await pinHashOf(linda.accountNumber)) ?? '')).toBe(true);
  });
});
