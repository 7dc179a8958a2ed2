import { formatDateIn, type Language } from '@webpay/contracts/language';
import type { StatementStatus, StatementSummary } from '@webpay/contracts/statements';
import { messagesIn } from '@/lib/messages.ts';
import { statementsMessages } from '../statements.messages.ts';

type Dated = Pick<StatementSummary, 'statementDate'>;

/** `statement-2026-06-01.pdf`: sorts by date in a downloads folder. */
export function statementFileName(statement: Dated, language: Language = 'en'): string {
  return messagesIn(statementsMessages, language).fileName(statement.statementDate);
}

/** `statement of Jun 1, 2026`: tells one row's buttons from the next for screen readers. */
export function statementName(statement: Dated, language: Language = 'en'): string {
  return messagesIn(statementsMessages, language).statementName(
    formatDateIn(language, statement.statementDate),
  );
}

export function downloadFailedMessage(statement: Dated, language: Language = 'en'): string {
  return messagesIn(statementsMessages, language).downloadFailed(
    statementName(statement, language),
  );
}

export type StatusTone = 'info' | 'success' | 'danger' | 'neutral';

/** The colour beside each status word; the word itself always shows. */
export const STATEMENT_STATUS_TONES: Record<StatementStatus, StatusTone> = {
  open: 'info',
  paid: 'success',
  past_due: 'danger',
  closed: 'neutral',
};
