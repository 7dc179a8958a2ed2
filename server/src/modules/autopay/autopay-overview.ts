import { sql, type SQL } from 'drizzle-orm';
import {
  changeDeadline,
  type AutopayOverview,
  type UpcomingCharge,
} from '@webpay/contracts/payment-plans';
import type { autopayCharges, paymentPlans } from '../../db/schema.ts';
import type { AuthService, SignedInRead } from '../auth/index.ts';
import { chargesPausedByAssistance } from '../financial-assistance/index.ts';

/** Charges not decided yet: shown as coming, not in the history. */
const LIVE = sql`('noticed', 'charging')`;
const HISTORY_LIMIT = 50;

type Coming = Omit<UpcomingCharge, 'changeableUntil' | 'canSkip'> & { charging: boolean };

/**
 * The window of one coming charge: skippable until `changeBusinessDays`
 * business days before its date (the facility's `today`), never once the
 * processor is being asked.
 */
export function withChangeWindow(
  coming: Coming,
  today: string,
  changeBusinessDays: number,
): UpcomingCharge {
  const { charging, ...charge } = coming;
  const changeableUntil = changeDeadline(charge.date, changeBusinessDays);
  return { ...charge, changeableUntil, canSkip: !charging && today <= changeableUntil };
}

type ChargeRecord = typeof autopayCharges.$inferSelect;
type PlanRecord = typeof paymentPlans.$inferSelect;

/** A charge with its plan's number and its instalment's, as SQL's JSON gives them. */
type ChargeJson = Pick<
  ChargeRecord,
  'kind' | 'statementId' | 'chargeDate' | 'amountCents' | 'paymentMethodId' | 'attempt' | 'status'
> & { planNumber: string | null; instalmentNumber: number | null };

/** What the overview is made of, as SQL's JSON gives it: times are ISO text. */
interface OverviewJson {
  enrolment: { paymentMethodId: string; capCents: number; createdAt: string } | null;
  plans: Pick<PlanRecord, 'planNumber' | 'version' | 'autopayMethodId' | 'source'>[];
  liveCharges: ChargeJson[];
  nextInstalments: {
    planNumber: string;
    methodId: string;
    number: number;
    dueDate: string;
    amountCents: number;
  }[];
  nextStatement: { id: string; dueDate: string } | null;
  history: (ChargeJson & Pick<ChargeRecord, 'failureMessage'> & { receiptId: string | null })[];
  pausedByAssistance: boolean;
}

/*
 * The overview is one JSON value over the guarantor id, an SQL expression,
 * so that GET /autopay (a signed-in read, auth's session-read.ts) puts it in
 * the statement that checks the session; `overviewOf` shapes it.
 */

/** A charge's own columns and its plan's and instalment's numbers, over `c`, `p` and `i`. */
const CHARGE_PAIRS = sql`'kind', c.kind,
  'planNumber', p.plan_number,
  'instalmentNumber', i.number,
  'statementId', c.statement_id,
  'chargeDate', c.charge_date,
  'amountCents', c.amount_cents,
  'paymentMethodId', c.payment_method_id,
  'attempt', c.attempt,
  'status', c.status`;

const CHARGE_JOINS = sql`left join payment_plans p on p.id = c.plan_id
  left join plan_instalments i on i.id = c.instalment_id`;

/** Statement autopay, when on. */
const enrolmentJson = (guarantorId: SQL) => sql`(
  select json_build_object(
    'paymentMethodId', sa.payment_method_id, 'capCents', sa.cap_cents, 'createdAt', sa.created_at)
  from statement_autopay sa
  where sa.guarantor_id = ${guarantorId} and sa.cancelled_at is null
)`;

/** The open plans, by number and version. */
const plansJson = (guarantorId: SQL) => sql`(
  select coalesce(json_agg(json_build_object(
    'planNumber', p.plan_number,
    'version', p.version,
    'autopayMethodId', p.autopay_method_id,
    'source', p.source
  ) order by p.plan_number, p.version), '[]'::json)
  from payment_plans p
  where p.guarantor_id = ${guarantorId} and p.closed_at is null
)`;

/** Charges noticed or under way, a retry after a decline among them. */
const liveChargesJson = (guarantorId: SQL) => sql`(
  select coalesce(json_agg(json_build_object(${CHARGE_PAIRS})), '[]'::json)
  from autopay_charges c
  ${CHARGE_JOINS}
  where c.guarantor_id = ${guarantorId} and c.status in ${LIVE}
)`;

/**
 * For each open portal plan with autopay and no charge under way, its
 * next unpaid, unskipped instalment that no charge has dealt with yet.
 */
const nextInstalmentsJson = (guarantorId: SQL) => sql`(
  select coalesce(json_agg(json_build_object(
    'planNumber', n.plan_number,
    'methodId', n.method_id,
    'number', n.number,
    'dueDate', n.due_date,
    'amountCents', n.amount_cents
  ) order by n.plan_id), '[]'::json)
  from (
    select distinct on (p.id) p.id as plan_id, p.plan_number, p.autopay_method_id as method_id,
      i.number, i.due_date, i.amount_cents
    from plan_instalments i
    join payment_plans p on p.id = i.plan_id
    where p.guarantor_id = ${guarantorId}
      and p.source = 'portal'
      and p.autopay_method_id is not null
      and p.closed_at is null
      and i.completed_at is null
      and i.skipped_at is null
      and not exists (select 1 from autopay_charges c where c.instalment_id = i.id)
      and not exists (
        select 1 from autopay_charges c where c.plan_id = p.id and c.status in ${LIVE})
    order by p.id, i.number
  ) n
)`;

/**
 * The next open statement with an amount due not yet noticed, due from the
 * facility day statement autopay began; its amount is fixed at the notice.
 */
const nextStatementJson = (guarantorId: SQL, timeZone: string) => sql`(
  select json_build_object('id', st.id, 'dueDate', st.due_date)
  from statements st
  join statement_autopay sa on sa.guarantor_id = st.guarantor_id and sa.cancelled_at is null
  where st.guarantor_id = ${guarantorId}
    and st.status = 'open'
    and st.amount_due_cents > 0
    and st.due_date >= (sa.created_at at time zone ${timeZone}::text)::date
    and not exists (select 1 from autopay_charges c where c.statement_id = st.id)
    and not exists (
      select 1 from autopay_charges c
      where c.guarantor_id = ${guarantorId} and c.kind = 'statement' and c.status in ${LIVE})
  order by st.due_date
  limit 1
)`;

/** Charges made, declined, skipped, cancelled or above the cap: newest first, with receipts. */
const historyJson = (guarantorId: SQL) => sql`(
  select coalesce(json_agg(h.charge
    order by h.charge_date desc, h.attempt desc, h.created_at desc), '[]'::json)
  from (
    select json_build_object(${CHARGE_PAIRS},
        'receiptId', r.receipt_id, 'failureMessage', c.failure_message) as charge,
      c.charge_date, c.attempt, c.created_at
    from autopay_charges c
    ${CHARGE_JOINS}
    left join receipts r on r.payment_id = c.payment_id
    where c.guarantor_id = ${guarantorId}
      and c.status not in ${LIVE}
      and c.status <> 'scheduled'
    order by c.charge_date desc, c.attempt desc, c.created_at desc
    limit ${sql.raw(String(HISTORY_LIMIT))}
  ) h
)`;

/** Everything the overview shows; `timeZone` is the facility's (WEBPAY_TIME_ZONE). */
const overviewJson = (guarantorId: SQL, timeZone: string): SQL<OverviewJson> =>
  sql<OverviewJson>`json_build_object(
    'enrolment', ${enrolmentJson(guarantorId)},
    'plans', ${plansJson(guarantorId)},
    'liveCharges', ${liveChargesJson(guarantorId)},
    'nextInstalments', ${nextInstalmentsJson(guarantorId)},
    'nextStatement', ${nextStatementJson(guarantorId, timeZone)},
    'history', ${historyJson(guarantorId)},
    'pausedByAssistance', ${chargesPausedByAssistance(guarantorId)}
  )`;

/** The charges coming: those under way, each plan's next instalment, the next statement. */
function comingOf(json: OverviewJson): Coming[] {
  const { enrolment, nextStatement } = json;
  return [
    ...json.liveCharges.map((charge) => ({
      kind: charge.kind,
      planNumber: charge.planNumber,
      instalmentNumber: charge.instalmentNumber,
      statementId: charge.statementId,
      date: charge.chargeDate,
      amountCents: charge.amountCents,
      paymentMethodId: charge.paymentMethodId,
      retry: charge.attempt > 1,
      charging: charge.status === 'charging',
    })),
    ...json.nextInstalments.map((row) => ({
      kind: 'instalment' as const,
      planNumber: row.planNumber,
      instalmentNumber: row.number,
      statementId: null,
      date: row.dueDate,
      amountCents: row.amountCents,
      paymentMethodId: row.methodId,
      retry: false,
      charging: false,
    })),
    ...(enrolment && nextStatement
      ? [
          {
            kind: 'statement' as const,
            planNumber: null,
            instalmentNumber: null,
            statementId: nextStatement.id,
            date: nextStatement.dueDate,
            amountCents: null,
            paymentMethodId: enrolment.paymentMethodId,
            retry: false,
            charging: false,
          },
        ]
      : []),
  ];
}

/** The page's answer from what was read; `today` is the facility's. */
function overviewOf(
  json: OverviewJson,
  today: string,
  changeBusinessDays: number,
): AutopayOverview {
  const { enrolment } = json;
  return {
    statement: enrolment
      ? {
          paymentMethodId: enrolment.paymentMethodId,
          capCents: enrolment.capCents,
          since: new Date(enrolment.createdAt).toISOString(),
        }
      : null,
    plans: json.plans.map((plan) => ({
      planNumber: plan.planNumber,
      version: plan.version,
      autopay: plan.autopayMethodId !== null,
      paymentMethodId: plan.autopayMethodId,
      canUseAutopay: plan.source === 'portal',
    })),
    upcoming: comingOf(json)
      .map((row) => withChangeWindow(row, today, changeBusinessDays))
      .sort((a, b) => a.date.localeCompare(b.date)),
    history: json.history.map((charge) => ({
      kind: charge.kind,
      planNumber: charge.planNumber,
      instalmentNumber: charge.instalmentNumber,
      date: charge.chargeDate,
      amountCents: charge.amountCents,
      attempt: charge.attempt,
      status: charge.status,
      receiptId: charge.receiptId,
      failure: charge.failureMessage,
      paymentMethodId: charge.paymentMethodId,
    })),
    pausedByAssistance: json.pausedByAssistance,
  };
}

/**
 * What the guarantor's autopay page shows: what is on, the next charge of
 * each plan with autopay and of statements, and the charges made or tried.
 * Read in one statement with the session check and its audit row: the
 * plans name patients and balances (PRODUCT.md, Audit).
 */
export class AutopayOverviewReader {
  private readonly readOverview: SignedInRead<OverviewJson>;

  constructor(
    /** Where the guarantor's one-trip reads are made. */
    signedIn: Pick<AuthService, 'signedInRead'>,
    /** The facility's today (FacilityCalendar.dayOf). */
    private readonly today: () => string,
    private readonly changeBusinessDays: number,
    /** WEBPAY_TIME_ZONE: statement autopay covers statements due from the facility day it began. */
    timeZone: string,
  ) {
    this.readOverview = signedIn.signedInRead({
      name: 'autopay_overview_read',
      payload: (guarantorId) => overviewJson(guarantorId, timeZone),
      action: 'autopay.read',
    });
  }

  /** GET /autopay: the token's guarantor's overview. */
  readonly forToken: SignedInRead<AutopayOverview> = async (token, context) => {
    const { session, payload } = await this.readOverview(token, context);
    return { session, payload: overviewOf(payload, this.today(), this.changeBusinessDays) };
  };
}
