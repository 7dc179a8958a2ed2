import { formatDate } from '@webpay/contracts/dates';
import type { StatementStatus, StatementSummary } from '@webpay/contracts/statements';

/** `statement-2026-06-01.pdf`: sorts by date in a downloads folder. */
export function statementFileName(statement: Pick<StatementSummary, 'statementDate'>): string {
  return `statement-${statement.statementDate}.pdf`;
}

/** `statement of Jun 1, 2026`: tells one row's buttons from the next for screen readers. */
export function statementName(statement: Pick<StatementSummary, 'statementDate'>): string {
  return `statement of ${formatDate(statement.statementDate)}`;
}

export function downloadFailedMessage(statement: Pick<StatementSummary, 'statementDate'>): string {
  return `We could not download your ${statementName(statement)}. Please try again in a moment.`;
}

export type StatusTone = 'info' | 'success' | 'danger' | 'neutral';

/** The colour beside each status word; the word itself always shows. */
export const STATEMENT_STATUS_TONES: Record<StatementStatus, StatusTone> = {
  open: 'info',
  paid: 'success',
  past_due: 'danger',
  closed: 'neutral',
};
