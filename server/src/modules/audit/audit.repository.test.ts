import { inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { auditEvents } from '../../db/schema.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import {
  createTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../../../test/support/database.ts';
import { AuditRepository, type AuditEvent } from './audit.repository.ts';

const context = (requestId: string): RequestContext => ({
  requestId,
  correlationId: requestId,
  ipAddress: '203.0.113.9',
});

const read = (guarantorId: string): AuditEvent => ({
  action: 'encounters.read',
  outcome: 'success',
  actorType: 'guarantor',
  actorId: guarantorId,
  guarantorId,
  targetType: 'guarantor',
  targetId: guarantorId,
});

describe.each(testDatabaseKinds)('the audit trail written in groups (%s)', (kind) => {
  let database: TestDatabase | undefined;

  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  async function open() {
    database = await createTestDatabase(kind, { seed: false });
    return database;
  }

  const rowsOf = (db: TestDatabase, requestIds: string[]) =>
    db.db
      .select({ requestId: auditEvents.requestId, actorId: auditEvents.actorId })
      .from(auditEvents)
      .where(inArray(auditEvents.requestId, requestIds));

  it('writes the events of requests that arrive together in one insert, each awaited until written', async () => {
    const db = await open();
    const recorded: AuditEvent[] = [];
    const audit = new AuditRepository(db.db, {
      groupCommit: true,
      onRecorded: (event) => recorded.push(event),
    });
    const inserts = vi.spyOn(db.db, 'insert');
    const requestIds = Array.from({ length: 60 }, (_, index) => `group-${index}`);

    await Promise.all(
      requestIds.map((requestId, index) => audit.record(context(requestId), read(`g-${index}`))),
    );

    expect(inserts).toHaveBeenCalledTimes(1);
    const rows = await rowsOf(db, requestIds);
    expect(rows).toHaveLength(60);
    expect(new Set(rows.map((row) => row.requestId))).toEqual(new Set(requestIds));
    expect(recorded).toHaveLength(60);
  });

  it('has the row in the database by the time its record() resolves', async () => {
    const db = await open();
    const audit = new AuditRepository(db.db, { groupCommit: true });

    await audit.record(context('alone'), read('g-alone'));

    expect(await rowsOf(db, ['alone'])).toEqual([{ requestId: 'alone', actorId: 'g-alone' }]);
  });

  it('fails only the event the database refuses, and writes the rest of its group', async () => {
    const db = await open();
    const recorded: AuditEvent[] = [];
    const audit = new AuditRepository(db.db, {
      groupCommit: true,
      onRecorded: (event) => recorded.push(event),
    });
    // PostgreSQL's jsonb refuses the NUL character.
    const refused = { ...read('g-refused'), details: { note: 'a\u0000b' } };

    const outcomes = await Promise.allSettled([
      audit.record(context('kept-1'), read('g-1')),
      audit.record(context('refused'), refused),
      audit.record(context('kept-2'), read('g-2')),
    ]);

    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect(
      (await rowsOf(db, ['kept-1', 'refused', 'kept-2'])).map((row) => row.requestId).sort(),
    ).toEqual(['kept-1', 'kept-2']);
    expect(recorded.map((event) => event.actorId).sort()).toEqual(['g-1', 'g-2']);
  });

  it('rejects every waiting event when the database cannot be written, and never drops one silently', async () => {
    const db = await open();
    const audit = new AuditRepository(db.db, { groupCommit: true });
    await db.close();
    database = undefined;

    const outcomes = await Promise.allSettled(
      ['lost-1', 'lost-2', 'lost-3'].map((requestId) =>
        audit.record(context(requestId), read(requestId)),
      ),
    );

    expect(outcomes.every((outcome) => outcome.status === 'rejected')).toBe(true);
  });

  it('writes later events in the next group while one insert is under way', async () => {
    const db = await open();
    const audit = new AuditRepository(db.db, { groupCommit: true });
    const inserts = vi.spyOn(db.db, 'insert');

    const first = audit.record(context('wave-1'), read('g-1'));
    // Queued after the first group has been handed to the database.
    await new Promise((resolve) => setImmediate(resolve));
    const second = Promise.all([
      audit.record(context('wave-2a'), read('g-2a')),
      audit.record(context('wave-2b'), read('g-2b')),
    ]);
    await Promise.all([first, second]);

    expect(inserts).toHaveBeenCalledTimes(2);
    expect(await rowsOf(db, ['wave-1', 'wave-2a', 'wave-2b'])).toHaveLength(3);
  });
});
