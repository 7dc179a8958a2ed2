import { sql, type SQL } from 'drizzle-orm';
import { assistanceApplications } from '../../db/schema.ts';

/*
 * The hold an open application puts on a guarantor's account (issue #27,
 * section 501(r)(6)): statement notices and reminders stop, nothing goes to
 * collection, and autopay and plan charges pause unless the guarantor chose
 * to keep paying. It lasts while the application is open and nothing lifted
 * it (a denial, or information not sent by its due date). As SQL
 * conditions, so the modules that send and charge ask in the same statement
 * that picks their work.
 */

/** True while the guarantor (an SQL expression) has an application holding their account. */
export function onAssistanceHold(guarantorId: SQL | string): SQL {
  return sql`exists (
    select 1 from ${assistanceApplications} fa_hold
    where fa_hold.guarantor_id = ${guarantorId}
      and fa_hold.status in ('submitted', 'in_review', 'need_information')
      and fa_hold.hold_released_at is null
  )`;
}

/** True while the hold also pauses the guarantor's autopay and plan charges. */
export function chargesPausedByAssistance(guarantorId: SQL | string): SQL {
  return sql`exists (
    select 1 from ${assistanceApplications} fa_pause
    where fa_pause.guarantor_id = ${guarantorId}
      and fa_pause.status in ('submitted', 'in_review', 'need_information')
      and fa_pause.hold_released_at is null
      and not fa_pause.keep_paying
  )`;
}
