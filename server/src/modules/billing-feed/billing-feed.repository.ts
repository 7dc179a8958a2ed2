import {
  and,
  desc,
  getTableColumns,
  getTableName,
  inArray,
  isNull,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import {
  encounters,
  facilities,
  feedImports,
  guarantors,
  paymentPlans,
  pendingPayments,
  planInstalments,
  receipts,
  statements,
} from '../../db/schema.ts';
import type { ExistingState, FeedChanges } from './feed-changes.ts';
import type { FacilityKind } from './feed-snapshot.ts';

/** Imports one at a time per schema, like migrations: the second waits for the first. */
const IMPORT_LOCK_KEY = 0x5750_4644;
/** Rows per statement: a few megabytes of JSON at most. */
const BATCH_SIZE = 5000;

export type BatchProgress = (table: string, done: number, total: number) => void;

function batches<T>(rows: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    result.push(rows.slice(start, start + BATCH_SIZE));
  }
  return result;
}

/**
 * Inserts rows, or updates the listed columns of rows already there, a batch
 * per statement. The batch travels as one JSON parameter read back with the
 * table's own row type: thousands of bind parameters per statement made
 * large feeds many times slower.
 */
function upsertStatement<TTable extends PgTable>(
  table: TTable,
  rows: readonly TTable['$inferInsert'][],
  conflictColumns: readonly (keyof TTable['$inferInsert'] & string)[],
  updateColumns: readonly (keyof TTable['$inferInsert'] & string)[],
  touchUpdatedAt: boolean,
): SQL {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  const name = (key: string) => {
    const column = columns[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    return column.name;
  };
  const keys = Object.keys(rows[0] ?? {});
  const quoted = (key: string) => `"${name(key)}"`;
  const list = sql.raw(keys.map(quoted).join(', '));
  const json = JSON.stringify(
    rows.map((row) =>
      Object.fromEntries(
        keys.map((key) => [name(key), (row as Record<string, unknown>)[key] ?? null]),
      ),
    ),
  );
  const updates = [
    ...updateColumns.map((key) => `${quoted(key)} = excluded.${quoted(key)}`),
    ...(touchUpdatedAt ? ['"updated_at" = now()'] : []),
  ].join(', ');
  return sql`insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, ${json}::json) on conflict (${sql.raw(conflictColumns.map(quoted).join(', '))}) do update set ${sql.raw(updates)}`;
}

/** Writes rows a batch at a time, reporting the progress of each table. */
type BatchRunner = <T>(
  table: string,
  rows: readonly T[],
  write: (batch: T[]) => Promise<unknown>,
) => Promise<void>;

function batchRunner(onProgress: BatchProgress | undefined): BatchRunner {
  return async (table, rows, write) => {
    let done = 0;
    for (const batch of batches(rows)) {
      await write(batch);
      done += batch.length;
      onProgress?.(table, done, rows.length);
    }
  };
}

/* What an import compares the feed with: the columns the feed sets, and whether a row is closed. */

const EXISTING_GUARANTOR = {
  id: guarantors.id,
  accountNumber: guarantors.accountNumber,
  mmi: guarantors.mmi,
  firstName: guarantors.firstName,
  lastName: guarantors.lastName,
  birthdate: guarantors.birthdate,
  email: guarantors.email,
  emailVerifiedAt: guarantors.emailVerifiedAt,
  supportPhone: guarantors.supportPhone,
  roles: guarantors.roles,
  paperless: guarantors.paperless,
  signedUp: sql<boolean>`${guarantors.signedUpAt} is not null`,
};

const EXISTING_PLAN = {
  id: paymentPlans.id,
  planNumber: paymentPlans.planNumber,
  guarantorId: paymentPlans.guarantorId,
  version: paymentPlans.version,
  type: paymentPlans.type,
  status: paymentPlans.status,
  nextDueDate: paymentPlans.nextDueDate,
  dueCents: paymentPlans.dueCents,
  overdueCents: paymentPlans.overdueCents,
  regularPaymentCents: paymentPlans.regularPaymentCents,
  currentBalanceCents: paymentPlans.currentBalanceCents,
  numberOfPayments: paymentPlans.numberOfPayments,
  closed: sql<boolean>`${paymentPlans.closedAt} is not null`,
  source: paymentPlans.source,
  matched: sql<boolean>`${paymentPlans.matchedAt} is not null`,
};

const EXISTING_INSTALMENT = {
  planId: planInstalments.planId,
  number: planInstalments.number,
  dueDate: planInstalments.dueDate,
  amountCents: planInstalments.amountCents,
  completedAt: planInstalments.completedAt,
};

const EXISTING_ENCOUNTER = {
  id: encounters.id,
  facilityId: encounters.facilityId,
  accountNumber: encounters.accountNumber,
  guarantorId: encounters.guarantorId,
  patientName: encounters.patientName,
  status: encounters.status,
  admitDate: encounters.admitDate,
  balanceCents: encounters.balanceCents,
  type: encounters.type,
  planId: encounters.planId,
  closed: sql<boolean>`${encounters.closedAt} is not null`,
};

const EXISTING_PENDING_PAYMENT = {
  id: pendingPayments.id,
  receiptId: pendingPayments.receiptId,
  guarantorId: pendingPayments.guarantorId,
  encounterId: pendingPayments.encounterId,
  planId: pendingPayments.planId,
  paidOn: pendingPayments.paidOn,
  amountCents: pendingPayments.amountCents,
  applied: sql<boolean>`${pendingPayments.appliedAt} is not null`,
};

const EXISTING_STATEMENT = {
  guarantorId: statements.guarantorId,
  statementDate: statements.statementDate,
  accountNumber: statements.accountNumber,
  amountDueCents: statements.amountDueCents,
  dueDate: statements.dueDate,
  status: statements.status,
  items: statements.items,
};

export class BillingFeedRepository {
  constructor(private readonly db: Database) {}

  async lockImports(): Promise<void> {
    await this.db.execute(
      sql`select pg_advisory_xact_lock(${IMPORT_LOCK_KEY}::int, hashtext(current_schema()))`,
    );
  }

  async facilityKinds(): Promise<Map<string, FacilityKind>> {
    const rows = await this.db
      .select({ id: facilities.id, kind: facilities.kind })
      .from(facilities);
    return new Map(rows.map((row) => [row.id, row.kind]));
  }

  async latestImport(): Promise<
    { feedId: string; generatedAt: Date; importedAt: Date } | undefined
  > {
    const [row] = await this.db
      .select({
        feedId: feedImports.feedId,
        generatedAt: feedImports.generatedAt,
        importedAt: feedImports.importedAt,
      })
      .from(feedImports)
      .orderBy(desc(feedImports.generatedAt), desc(feedImports.importedAt))
      .limit(1);
    return row;
  }

  async existingState(): Promise<ExistingState> {
    const db = this.db;
    // One after another: a transaction is one connection, which runs one query at a time.
    const guarantorRows = await db.select(EXISTING_GUARANTOR).from(guarantors);
    const planRows = await db.select(EXISTING_PLAN).from(paymentPlans);
    const instalmentRows = await db.select(EXISTING_INSTALMENT).from(planInstalments);
    const encounterRows = await db.select(EXISTING_ENCOUNTER).from(encounters);
    const pendingRows = await db
      .select(EXISTING_PENDING_PAYMENT)
      .from(pendingPayments)
      .where(isNull(pendingPayments.paymentId));
    const statementRows = await db.select(EXISTING_STATEMENT).from(statements);
    const receiptRows = await db.select({ receiptId: receipts.receiptId }).from(receipts);
    return {
      guarantors: guarantorRows,
      plans: planRows,
      instalments: instalmentRows,
      encounters: encounterRows,
      pendingPayments: pendingRows,
      statements: statementRows,
      portalReceiptIds: new Set(receiptRows.map((row) => row.receiptId)),
    };
  }

  /** Writes every change in foreign-key order; the caller holds the transaction. */
  async write(changes: FeedChanges, onProgress?: BatchProgress): Promise<void> {
    const run = batchRunner(onProgress);
    await this.writeGuarantors(changes, run);
    await this.writePlans(changes, run);
    await this.writeEncounters(changes, run);
    await this.writePendingPayments(changes, run);
    await run('statements', changes.statements, (rows) =>
      this.db.execute(
        upsertStatement(
          statements,
          rows,
          ['guarantorId', 'statementDate'],
          ['accountNumber', 'amountDueCents', 'dueDate', 'status', 'items'],
          false,
        ),
      ),
    );
  }

  private async writeGuarantors(changes: FeedChanges, run: BatchRunner): Promise<void> {
    // Parked values are unique per row and overwritten below, so a swap of
    // MMIs or e-mails between two guarantors never trips the unique indexes.
    await run('guarantors', changes.guarantorKeyChanges, (ids) =>
      this.db
        .update(guarantors)
        .set({ mmi: sql`'~' || ${guarantors.id}`, email: null })
        .where(inArray(guarantors.id, ids)),
    );
    await run('guarantors', changes.guarantors, (rows) =>
      this.db.execute(
        upsertStatement(
          guarantors,
          rows,
          ['id'],
          [
            'mmi',
            'firstName',
            'lastName',
            'birthdate',
            'email',
            'emailVerifiedAt',
            'supportPhone',
            'roles',
            'paperless',
          ],
          true,
        ),
      ),
    );
  }

  /** Plans, the plans the feed dropped, then the schedules that changed. */
  private async writePlans(changes: FeedChanges, run: BatchRunner): Promise<void> {
    await run('payment plans', changes.plans, (rows) =>
      this.db.execute(
        upsertStatement(
          paymentPlans,
          rows,
          ['id'],
          [
            'guarantorId',
            'version',
            'type',
            'status',
            'nextDueDate',
            'dueCents',
            'overdueCents',
            'regularPaymentCents',
            'currentBalanceCents',
            'numberOfPayments',
            'closedAt',
          ],
          true,
        ),
      ),
    );
    await run('payment plans', changes.closePlans, (ids) =>
      this.db
        .update(paymentPlans)
        .set({ closedAt: sql`now()`, updatedAt: sql`now()` })
        .where(inArray(paymentPlans.id, ids)),
    );
    // The first feed that lists a portal plan matches it; its figures are the feed's from then on.
    await run('payment plans', changes.matchPlans, (ids) =>
      this.db
        .update(paymentPlans)
        .set({ matchedAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(inArray(paymentPlans.id, ids), isNull(paymentPlans.matchedAt))),
    );
    await run('instalments', changes.replaceInstalmentsOf, (ids) =>
      this.db.delete(planInstalments).where(inArray(planInstalments.planId, ids)),
    );
    await run('instalments', changes.instalments, (rows) =>
      this.db.execute(
        upsertStatement(
          planInstalments,
          rows,
          ['id'],
          ['dueDate', 'amountCents', 'completedAt'],
          false,
        ),
      ),
    );
  }

  private async writeEncounters(changes: FeedChanges, run: BatchRunner): Promise<void> {
    await run('encounters', changes.encounters, (rows) =>
      this.db.execute(
        upsertStatement(
          encounters,
          rows,
          ['id'],
          [
            'guarantorId',
            'patientName',
            'status',
            'admitDate',
            'balanceCents',
            'type',
            'planId',
            'closedAt',
          ],
          true,
        ),
      ),
    );
    await run('encounters', changes.closeEncounters, (ids) =>
      this.db
        .update(encounters)
        .set({ closedAt: sql`now()`, updatedAt: sql`now()` })
        .where(inArray(encounters.id, ids)),
    );
  }

  private async writePendingPayments(changes: FeedChanges, run: BatchRunner): Promise<void> {
    await run('pending payments', changes.pendingPayments, (rows) =>
      this.db.execute(
        upsertStatement(
          pendingPayments,
          rows,
          ['id'],
          ['guarantorId', 'encounterId', 'planId', 'paidOn', 'amountCents', 'appliedAt'],
          false,
        ),
      ),
    );
    await run('pending payments', changes.applyPendingPayments, (ids) =>
      this.db
        .update(pendingPayments)
        .set({ appliedAt: sql`now()` })
        .where(inArray(pendingPayments.id, ids)),
    );
  }

  async recordImport(row: typeof feedImports.$inferInsert): Promise<void> {
    await this.db.insert(feedImports).values(row);
  }
}
