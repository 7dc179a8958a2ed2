import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Database, DatabaseHandle } from '../db/client.ts';
import { migrateDatabase, MIGRATIONS_TABLE, withMigrationLock } from '../db/migrate.ts';
import { seedReferenceData } from '../db/reference-data.ts';
import * as schema from '../db/schema.ts';
import { DEVELOPMENT_JWT_SECRET } from '../production-rules.ts';
import { todayIso } from './calendar.ts';
import { buildDemoDataset, type DemoRows } from './dataset.ts';
import { buildDemoStaff } from './demo-staff.ts';

export { seedReferenceData } from '../db/reference-data.ts';
export { buildDemoDataset, DEMO_FINGERPRINT_KEY } from './dataset.ts';

export interface SeedOptions {
  /** The load day, YYYY-MM-DD (default: today in UTC). */
  today?: string;
  /** Key for the demo bank-account fingerprints (default DEMO_FINGERPRINT_KEY). */
  fingerprintKey?: string;
  /**
   * The server's JWT_SECRET, under which the demo staff's TOTP keys are
   * sealed (default: the development secret, which tests run with).
   */
  serverSecret?: string;
}

/** Second half of the seeding lock is the schema, like the migration lock. */
const SEED_LOCK_KEY = 0x5750_5344;
/** Rows per INSERT: far below PostgreSQL's 65,535 bind parameters for any table here. */
const BATCH_SIZE = 500;

async function guarantorsExist(db: Database): Promise<boolean> {
  const rows = await db.select({ id: schema.guarantors.id }).from(schema.guarantors).limit(1);
  return rows.length > 0;
}

async function staffExist(db: Database): Promise<boolean> {
  const rows = await db.select({ id: schema.staffMembers.id }).from(schema.staffMembers).limit(1);
  return rows.length > 0;
}

async function insertBatches<TTable extends PgTable>(
  db: Database,
  table: TTable,
  rows: readonly TTable['$inferInsert'][],
): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    await db.insert(table).values(rows.slice(start, start + BATCH_SIZE));
  }
}

/** Inserts the rows in foreign-key order. */
export async function insertDemoRows(db: Database, rows: DemoRows): Promise<void> {
  await insertBatches(db, schema.guarantors, rows.guarantors);
  await insertBatches(db, schema.paymentPlans, rows.paymentPlans);
  await insertBatches(db, schema.planInstalments, rows.planInstalments);
  await insertBatches(db, schema.encounters, rows.encounters);
  await insertBatches(db, schema.payments, rows.payments);
  await insertBatches(db, schema.paymentLines, rows.paymentLines);
  await insertBatches(db, schema.receipts, rows.receipts);
  await insertBatches(db, schema.pendingPayments, rows.pendingPayments);
  await insertBatches(db, schema.statements, rows.statements);
  await insertBatches(db, schema.sandboxConvergeTransactions, rows.processorTxns);
}

/**
 * Loads the demo guarantors of DEMO_DATA.md, in one transaction, when the
 * database has no guarantors at all, and the demo billing office staff
 * (§6) when it has no staff (a database loaded before there were any).
 * Returns whether it loaded anything.
 */
export async function seedDemoDataIfEmpty(
  db: Database,
  options: SeedOptions = {},
): Promise<boolean> {
  // Cheap checks first: PIN and password hashing are deliberately slow and
  // most starts find the data already there.
  const needsGuarantors = !(await guarantorsExist(db));
  const needsStaff = !(await staffExist(db));
  if (!needsGuarantors && !needsStaff) return false;
  const rows = needsGuarantors
    ? await buildDemoDataset({
        today: options.today ?? todayIso(),
        fingerprintKey: options.fingerprintKey,
      })
    : undefined;
  const staff = needsStaff
    ? await buildDemoStaff(options.serverSecret ?? DEVELOPMENT_JWT_SECRET)
    : undefined;
  return db.transaction(async (tx) => {
    // Instances starting together: one loads, the others find it loaded.
    await tx.execute(
      sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY}::int, hashtext(current_schema()))`,
    );
    let loaded = false;
    if (rows && !(await guarantorsExist(tx))) {
      await seedReferenceData(tx);
      await insertDemoRows(tx, rows);
      loaded = true;
    }
    if (staff && !(await staffExist(tx))) {
      await tx.insert(schema.staffMembers).values(staff);
      loaded = true;
    }
    return loaded;
  });
}

/** The tables the migrations create, as named in the schema. */
export function applicationTableNames(): string[] {
  return (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => getTableName(table));
}

/**
 * Drops every application table and the migration history in the current
 * schema, then migrates and loads the reference and demo data again.
 */
export async function resetDatabase(
  handle: DatabaseHandle,
  options: SeedOptions = {},
): Promise<void> {
  await withMigrationLock(handle, async (db, schemaName) => {
    const tables = [...applicationTableNames(), MIGRATIONS_TABLE].map(
      (name) => sql`${sql.identifier(schemaName)}.${sql.identifier(name)}`,
    );
    await db.execute(sql`drop table if exists ${sql.join(tables, sql`, `)} cascade`);
  });
  await migrateDatabase(handle);
  await seedReferenceData(handle.db);
  await seedDemoDataIfEmpty(handle.db, options);
}
