import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  autopayCharges,
  guarantors,
  paymentAuthorizations,
  paymentMethods,
  paymentPlans,
  planInstalments,
  receipts,
  staffMembers,
  statementAutopay,
} from '../../db/schema.ts';
import { staffReadStatement, type StaffReadSpec, type StaffSessionRead } from '../staff/index.ts';

/**
 * A saved method as the console may see it: never the processor's token,
 * the sealed account or its fingerprint, which are not even selected.
 */
export interface MethodRow {
  id: string;
  kind: 'card' | 'bank';
  brand: string;
  last4: string;
  cardExpiry: string | null;
  holder: Record<string, string | null>;
  isDefault: boolean;
  createdAt: Date;
  removedAt: Date | null;
}

export type PlanRow = Pick<
  typeof paymentPlans.$inferSelect,
  | 'id'
  | 'planNumber'
  | 'version'
  | 'status'
  | 'createdAt'
  | 'totalCents'
  | 'autopayMethodId'
  | 'matchedAt'
  | 'exportedAt'
  | 'needsAttentionSince'
  | 'closedAt'
>;

export type InstalmentRow = typeof planInstalments.$inferSelect;

export interface AuthorizationRow {
  id: string;
  kind: (typeof paymentAuthorizations.$inferSelect)['kind'];
  planNumber: string | null;
  paymentMethodId: string | null;
  text: string;
  language: 'en' | 'es';
  acceptedAt: Date;
  ipAddress: string | null;
  revokedAt: Date | null;
  revokedBy: string | null;
  /** The e-mail of the staff member who revoked it, when one did. */
  revokedByStaffEmail: string | null;
  revokeReason: string | null;
}

export interface ChargeRow {
  id: string;
  kind: 'instalment' | 'statement';
  planNumber: string | null;
  instalmentNumber: number | null;
  statementId: string | null;
  attempt: number;
  chargeDate: string;
  amountCents: number | null;
  paymentMethodId: string;
  status: (typeof autopayCharges.$inferSelect)['status'];
  failureMessage: string | null;
  receiptId: string | null;
}

export interface AttentionRow {
  guarantorId: string;
  firstName: string;
  lastName: string;
  accountNumber: string;
  planNumber: string;
  needsAttentionSince: string;
  overdueCents: number;
}

/** What the console reads of a guarantor's recurring payments. */
export interface StatementAutopayRow {
  paymentMethodId: string;
  capCents: number;
  createdAt: Date;
}

const METHOD_FIELDS = {
  id: paymentMethods.id,
  kind: paymentMethods.kind,
  brand: paymentMethods.brand,
  last4: paymentMethods.last4,
  cardExpiry: paymentMethods.cardExpiry,
  holder: paymentMethods.holder,
  isDefault: paymentMethods.isDefault,
  createdAt: paymentMethods.createdAt,
  removedAt: paymentMethods.removedAt,
};

const PLAN_FIELDS = {
  id: paymentPlans.id,
  planNumber: paymentPlans.planNumber,
  version: paymentPlans.version,
  status: paymentPlans.status,
  createdAt: paymentPlans.createdAt,
  totalCents: paymentPlans.totalCents,
  autopayMethodId: paymentPlans.autopayMethodId,
  matchedAt: paymentPlans.matchedAt,
  exportedAt: paymentPlans.exportedAt,
  needsAttentionSince: paymentPlans.needsAttentionSince,
  closedAt: paymentPlans.closedAt,
};

const STATEMENT_AUTOPAY_FIELDS = {
  paymentMethodId: statementAutopay.paymentMethodId,
  capCents: statementAutopay.capCents,
  createdAt: statementAutopay.createdAt,
};

const AUTHORIZATION_FIELDS = {
  id: paymentAuthorizations.id,
  kind: paymentAuthorizations.kind,
  planNumber: paymentPlans.planNumber,
  paymentMethodId: paymentAuthorizations.paymentMethodId,
  text: paymentAuthorizations.text,
  language: paymentAuthorizations.language,
  acceptedAt: paymentAuthorizations.acceptedAt,
  ipAddress: paymentAuthorizations.ipAddress,
  revokedAt: paymentAuthorizations.revokedAt,
  revokedBy: paymentAuthorizations.revokedBy,
  revokedByStaffEmail: staffMembers.email,
  revokeReason: paymentAuthorizations.revokeReason,
};

const CHARGE_FIELDS = {
  id: autopayCharges.id,
  kind: autopayCharges.kind,
  planNumber: paymentPlans.planNumber,
  instalmentNumber: planInstalments.number,
  statementId: autopayCharges.statementId,
  attempt: autopayCharges.attempt,
  chargeDate: autopayCharges.chargeDate,
  amountCents: autopayCharges.amountCents,
  paymentMethodId: autopayCharges.paymentMethodId,
  status: autopayCharges.status,
  failureMessage: autopayCharges.failureMessage,
  receiptId: receipts.receiptId,
};

const ATTENTION_FIELDS = {
  guarantorId: guarantors.id,
  firstName: guarantors.firstName,
  lastName: guarantors.lastName,
  accountNumber: guarantors.accountNumber,
  planNumber: paymentPlans.planNumber,
  needsAttentionSince: sql<string>`${paymentPlans.needsAttentionSince}`,
  overdueCents: paymentPlans.overdueCents,
};

/**
 * A set's fields, or each row as one JSON object (rowObject): the same
 * query then reads the rows, or is the subquery of recurringJson, whose
 * rows are not read as the fields' types say.
 */
type RowsOf<F> = F | { row: SQL };

/** One row as a JSON object keyed as `fields` are, so that it reads back as the row type. */
function rowObject(fields: Record<string, SQLWrapper>): SQL {
  return sql`json_build_object(${sql.join(
    Object.entries(fields).map(([key, value]) => sql`${key}::text, ${value}`),
    sql`, `,
  )})`;
}

/** A row from its JSON: the named times, which JSON carries as text, as dates again. */
type WithTextTimes<T, K extends keyof T> = Omit<T, K> & {
  [P in K]: T[P] extends Date ? string : string | null;
};

function withDates<T, K extends keyof T>(row: WithTextTimes<T, K>, keys: readonly K[]): T {
  const dated: Record<string, unknown> = { ...row };
  for (const key of keys) {
    const value = dated[key as string];
    dated[key as string] = typeof value === 'string' ? new Date(value) : value;
  }
  return dated as T;
}

/** What `recurring` reads of a guarantor, as recurringJson carries it. */
export interface RecurringJson {
  /** Null for an unknown guarantor: nothing else is read then. */
  guarantorId: string | null;
  methods: WithTextTimes<MethodRow, 'createdAt' | 'removedAt'>[];
  plans: WithTextTimes<PlanRow, 'createdAt' | 'matchedAt' | 'exportedAt' | 'closedAt'>[];
  statement: WithTextTimes<StatementAutopayRow, 'createdAt'>[];
  authorizations: WithTextTimes<AuthorizationRow, 'acceptedAt' | 'revokedAt'>[];
  charges: ChargeRow[];
  instalments: WithTextTimes<InstalmentRow, 'skippedAt'>[];
}

/** The rows `recurring` reads, from their JSON. */
export function recurringRowsOf(json: RecurringJson) {
  return {
    methods: json.methods.map((row) => withDates(row, ['createdAt', 'removedAt'])),
    plans: json.plans.map((row) =>
      withDates(row, ['createdAt', 'matchedAt', 'exportedAt', 'closedAt']),
    ),
    statement: json.statement.map((row) => withDates(row, ['createdAt']))[0],
    authorizations: json.authorizations.map((row) => withDates(row, ['acceptedAt', 'revokedAt'])),
    charges: json.charges,
    instalments: json.instalments.map((row) => withDates(row, ['skippedAt'])),
  };
}

export class OfficeRecurringRepository {
  constructor(private readonly db: Database) {}

  methods(guarantorId: string): Promise<MethodRow[]> {
    return this.methodsQuery(guarantorId, METHOD_FIELDS);
  }

  private methodsQuery(guarantorId: string | SQL, fields: RowsOf<typeof METHOD_FIELDS>) {
    return this.db
      .select(fields as typeof METHOD_FIELDS)
      .from(paymentMethods)
      .where(eq(paymentMethods.guarantorId, guarantorId))
      .orderBy(
        sql`${paymentMethods.removedAt} is not null`,
        desc(paymentMethods.isDefault),
        asc(paymentMethods.createdAt),
      );
  }

  /** Plans made in the portal, newest first. */
  plans(guarantorId: string): Promise<PlanRow[]> {
    return this.plansQuery(guarantorId, PLAN_FIELDS);
  }

  private plansQuery(guarantorId: string | SQL, fields: RowsOf<typeof PLAN_FIELDS>) {
    return this.db
      .select(fields as typeof PLAN_FIELDS)
      .from(paymentPlans)
      .where(and(eq(paymentPlans.guarantorId, guarantorId), eq(paymentPlans.source, 'portal')))
      .orderBy(desc(paymentPlans.createdAt));
  }

  /** One of this guarantor's portal plans by its number; another guarantor's is not found. */
  async plan(guarantorId: string, planNumber: string): Promise<PlanRow | undefined> {
    const rows = await this.plans(guarantorId);
    return rows.find((row) => row.planNumber === planNumber);
  }

  instalments(planIds: string[]): Promise<InstalmentRow[]> {
    if (planIds.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(planInstalments)
      .where(inArray(planInstalments.planId, planIds))
      .orderBy(asc(planInstalments.planId), asc(planInstalments.number));
  }

  async statementAutopay(guarantorId: string): Promise<StatementAutopayRow | undefined> {
    const [row] = await this.statementAutopayQuery(guarantorId, STATEMENT_AUTOPAY_FIELDS);
    return row;
  }

  private statementAutopayQuery(
    guarantorId: string | SQL,
    fields: RowsOf<typeof STATEMENT_AUTOPAY_FIELDS>,
  ) {
    return this.db
      .select(fields as typeof STATEMENT_AUTOPAY_FIELDS)
      .from(statementAutopay)
      .where(
        and(eq(statementAutopay.guarantorId, guarantorId), isNull(statementAutopay.cancelledAt)),
      );
  }

  /** Every authorization, newest first, with the plan's number and who revoked it. */
  authorizations(guarantorId: string): Promise<AuthorizationRow[]> {
    return this.authorizationsQuery(guarantorId, AUTHORIZATION_FIELDS);
  }

  private authorizationsQuery(
    guarantorId: string | SQL,
    fields: RowsOf<typeof AUTHORIZATION_FIELDS>,
  ) {
    return this.db
      .select(fields as typeof AUTHORIZATION_FIELDS)
      .from(paymentAuthorizations)
      .leftJoin(paymentPlans, eq(paymentPlans.id, paymentAuthorizations.planId))
      .leftJoin(staffMembers, eq(staffMembers.id, paymentAuthorizations.revokedBy))
      .where(eq(paymentAuthorizations.guarantorId, guarantorId))
      .orderBy(desc(paymentAuthorizations.acceptedAt));
  }

  /** Every autopay charge attempt, newest first, with the receipt of the payment it made. */
  charges(guarantorId: string): Promise<ChargeRow[]> {
    return this.chargesQuery(guarantorId, CHARGE_FIELDS);
  }

  private chargesQuery(guarantorId: string | SQL, fields: RowsOf<typeof CHARGE_FIELDS>) {
    return this.db
      .select(fields as typeof CHARGE_FIELDS)
      .from(autopayCharges)
      .leftJoin(paymentPlans, eq(paymentPlans.id, autopayCharges.planId))
      .leftJoin(planInstalments, eq(planInstalments.id, autopayCharges.instalmentId))
      .leftJoin(receipts, eq(receipts.paymentId, autopayCharges.paymentId))
      .where(eq(autopayCharges.guarantorId, guarantorId))
      .orderBy(desc(autopayCharges.chargeDate), desc(autopayCharges.attempt));
  }

  /**
   * What `recurring` reads of a guarantor, as one JSON value
   * (RecurringJson), each set in the order its own method reads it: for a
   * read made in one statement with its session check and audit row.
   */
  recurringJson(guarantorId: SQL): SQL<RecurringJson> {
    const portalPlans = this.db
      .select({ id: paymentPlans.id })
      .from(paymentPlans)
      .where(and(eq(paymentPlans.guarantorId, guarantorId), eq(paymentPlans.source, 'portal')));
    const instalments = this.db
      .select({ row: rowObject(getTableColumns(planInstalments)) })
      .from(planInstalments)
      .where(inArray(planInstalments.planId, portalPlans))
      .orderBy(asc(planInstalments.planId), asc(planInstalments.number));
    const sets = {
      methods: this.methodsQuery(guarantorId, { row: rowObject(METHOD_FIELDS) }),
      plans: this.plansQuery(guarantorId, { row: rowObject(PLAN_FIELDS) }),
      statement: this.statementAutopayQuery(guarantorId, {
        row: rowObject(STATEMENT_AUTOPAY_FIELDS),
      }),
      authorizations: this.authorizationsQuery(guarantorId, {
        row: rowObject(AUTHORIZATION_FIELDS),
      }),
      charges: this.chargesQuery(guarantorId, { row: rowObject(CHARGE_FIELDS) }),
      instalments,
    };
    const known = this.db
      .select({ id: guarantors.id })
      .from(guarantors)
      .where(eq(guarantors.id, guarantorId));
    return sql<RecurringJson>`json_build_object('guarantorId', (${known}), ${sql.join(
      Object.entries(sets).map(([name, query]) => sql`${name}::text, to_json(array(${query}))`),
      sql`, `,
    )})`;
  }

  /** A console read of recurring payments in one trip with the staff session check. */
  staffRead<R>(spec: StaffReadSpec): StaffSessionRead<R> {
    return staffReadStatement(this.db, spec);
  }

  /** Open plans with an instalment left overdue after autopay's retry failed, oldest first. */
  plansNeedingAttention(): Promise<AttentionRow[]> {
    return this.attentionQuery(ATTENTION_FIELDS);
  }

  /** The same plans as one JSON value (AttentionRow[]), in the same order. */
  plansNeedingAttentionJson(): SQL<AttentionRow[]> {
    return sql<AttentionRow[]>`to_json(array(${this.attentionQuery({
      row: rowObject(ATTENTION_FIELDS),
    })}))`;
  }

  private attentionQuery(fields: RowsOf<typeof ATTENTION_FIELDS>) {
    return this.db
      .select(fields as typeof ATTENTION_FIELDS)
      .from(paymentPlans)
      .innerJoin(guarantors, eq(guarantors.id, paymentPlans.guarantorId))
      .where(and(isNotNull(paymentPlans.needsAttentionSince), isNull(paymentPlans.closedAt)))
      .orderBy(asc(paymentPlans.needsAttentionSince), asc(paymentPlans.planNumber))
      .limit(500);
  }
}
