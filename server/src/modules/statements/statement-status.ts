import type { StatementStatus } from '@webpay/contracts/statements';

/**
 * A statement's status as of `today`, the facility's day. The billing feed
 * stores the status a statement was sent with, and an open statement stays
 * "open" there long after its due date; read on any day after the due date
 * it is past due. A paid statement, and a closed one (a later statement took
 * its place), asks for nothing, so it never turns past due; a stored
 * past-due status is the billing office's word and stays.
 */
export function statementStatusOn(
  statement: { status: StatementStatus; dueDate: string },
  today: string,
): StatementStatus {
  return statement.status === 'open' && today > statement.dueDate ? 'past_due' : statement.status;
}
