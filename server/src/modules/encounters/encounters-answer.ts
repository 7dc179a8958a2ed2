import { sql, type SQL } from 'drizzle-orm';

/*
 * GET /encounters's answer written by the database, as the route sends it:
 * the service passes the statement's text through rather than parsing four
 * row sets, nesting them and writing them again, which on a busy instance
 * cost it as much CPU as everything else in the request (README,
 * Performance). The billing office's guarantor page shows the same answer.
 * The shape is assembleEncounters' (encounters.service.ts), which the
 * statements' reconciliation uses on rows it already holds;
 * encounters-answer.test.ts holds the two equal for every case the rules
 * tell apart.
 */

/**
 * Dollars from integer cents, as fromCents gives them: the same double,
 * which PostgreSQL prints as JavaScript does (12.5, 12, 310.45), so the
 * text is what JSON.stringify would write.
 */
const dollars = (cents: SQL) => sql`(${cents}::float8 / 100)`;

/**
 * A JSON object of `fields` (json_build_object's arguments), with
 * `pendingPayments` only when `pending`, a JSON array or null, is not
 * null: SPEC §3 leaves the list out rather than empty.
 */
const withPending = (fields: SQL, pending: SQL) => sql`case when ${pending} is null
  then json_build_object(${fields})
  else json_build_object(${fields}, 'pendingPayments', ${pending}) end`;

/** The order encounters are listed in, over the `encounter` set's columns. */
const ENCOUNTER_ORDER = sql`sort_order, facility_id, admit_date asc nulls last, account_number`;

/** Pending payments' order; the id only settles ties, as the rows read by openBillsJson do. */
const PENDING_ORDER = sql`paid_on, receipt_id, id`;

/** The guarantor's open plans, and their pending payments, each payment already written. */
const planAndPendingSets = (guarantorId: SQL) => sql`
  open_plan as (
    select p.* from payment_plans p
    where p.guarantor_id = ${guarantorId} and p.closed_at is null
  ),
  pending as (
    select pp.id, pp.encounter_id, pp.plan_id, pp.paid_on, pp.receipt_id,
      json_build_object(
        'receiptId', pp.receipt_id,
        'date', pp.paid_on,
        'amount', ${dollars(sql`pp.amount_cents`)},
        'madeInPortal', pp.payment_id is not null
      ) as item
    from pending_payments pp
    where pp.guarantor_id = ${guarantorId} and pp.applied_at is null
  ),
  -- Materialized: read once, not once per encounter.
  pending_by_encounter as materialized (
    select encounter_id, json_agg(item order by ${PENDING_ORDER}) as items
    from pending where encounter_id is not null group by encounter_id
  )`;

/** The open encounters, each written with its pending payments and marked when an open plan holds it. */
const encounterSet = (guarantorId: SQL) => sql`
  encounter as (
    select e.plan_id, op.id is not null as in_plan,
      f.sort_order, e.facility_id, e.admit_date, e.account_number,
      ${withPending(
        sql`'facilityId', e.facility_id,
          'accountNumber', e.account_number,
          'patientName', e.patient_name,
          'status', e.status,
          'admitDate', e.admit_date,
          'balance', ${dollars(sql`e.balance_cents`)},
          'type', e.type`,
        sql`pe.items`,
      )} as item
    from encounters e
    join facilities f on f.id = e.facility_id
    left join open_plan op on op.id = e.plan_id
    left join pending_by_encounter pe on pe.encounter_id = e.id
    where e.guarantor_id = ${guarantorId} and e.closed_at is null
  )`;

/** The open plans written with their amortization, encounters and pending payments. */
const planSet = sql`
  plan as (
    select p.plan_number, p.version,
      ${withPending(
        sql`'id', p.plan_number,
          'version', p.version,
          'type', p.type,
          'status', p.status,
          'nextDueDate', p.next_due_date,
          'dueAmount', ${dollars(sql`p.due_cents`)},
          'overdueAmount', ${dollars(sql`p.overdue_cents`)},
          'regularPaymentAmount', ${dollars(sql`p.regular_payment_cents`)},
          'currentBalance', ${dollars(sql`p.current_balance_cents`)},
          'numberOfPayments', p.number_of_payments,
          'amortization', coalesce(i.items, '[]'),
          'encounters', coalesce(pe.items, '[]')`,
        sql`pp.items`,
      )} as item
    from open_plan p
    left join (
      select i.plan_id, json_agg(json_build_object(
        'number', i.number,
        'dueDate', i.due_date,
        'amount', ${dollars(sql`i.amount_cents`)},
        'completedAt', i.completed_at
      ) order by i.number) as items
      from plan_instalments i join open_plan op on op.id = i.plan_id
      group by i.plan_id
    ) i on i.plan_id = p.id
    left join (
      select plan_id, json_agg(item order by ${ENCOUNTER_ORDER}) as items
      from encounter where in_plan group by plan_id
    ) pe on pe.plan_id = p.id
    left join (
      select plan_id, json_agg(item order by ${PENDING_ORDER}) as items
      from pending where plan_id is not null group by plan_id
    ) pp on pp.plan_id = p.id
  )`;

/**
 * One guarantor's open bills as GET /encounters answers them: encounters
 * outside an open plan in the order they are shown, open plans with their
 * amortization and encounters, and pending payments on what they were made
 * toward (on the account itself when neither an encounter nor a plan).
 * Over `guarantorId`, an SQL expression, so that the signed-in read puts
 * it in the statement that checks the session. Each set is read once
 * through its guarantor index and nested by joins, so a long account costs
 * in proportion to its size.
 */
export const encountersAnswerJson = (guarantorId: SQL): SQL<unknown> => sql`(
  with ${planAndPendingSets(guarantorId)},
  ${encounterSet(guarantorId)},
  ${planSet},
  -- Materialized, so that each list is written once whichever branch below takes it.
  answer as materialized (
    select
      coalesce((select json_agg(item order by ${ENCOUNTER_ORDER})
        from encounter where not in_plan), '[]') as encounters,
      coalesce((select json_agg(item order by plan_number, version) from plan), '[]') as plans,
      (select json_agg(item order by ${PENDING_ORDER})
        from pending where encounter_id is null and plan_id is null) as pending
  )
  select ${withPending(sql`'encounters', encounters, 'paymentPlans', plans`, sql`pending`)}
  from answer
)`;

/**
 * What the read's audit row counts of the answer (`answer`, its JSON): the
 * encounters listed outside a plan, and the open plans.
 */
export const encountersAnswerCounts = (answer: SQL) => sql`jsonb_build_object(
  'encounters', json_array_length(${answer}->'encounters'),
  'paymentPlans', json_array_length(${answer}->'paymentPlans')
)`;
