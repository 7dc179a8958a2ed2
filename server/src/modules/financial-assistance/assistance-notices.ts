import type { Transaction } from '../../db/client.ts';
import type { Applicant, ApplicationRow } from './application.repository.ts';
import type { AdjustedAccount, ApprovalBasis, RecalculatedPlan } from './letters/letter-input.ts';

/*
 * What the guarantor is told at each step of an application: an e-mail, and
 * for the steps that decide or warn, a letter kept word for word with the
 * application. Each is written in the transaction that takes the step, so a
 * step that is rolled back tells nobody and a retried one tells nobody twice.
 */

/** An approval as its letter explains it. */
export interface ApprovalFacts {
  discountPercent: number;
  basis: ApprovalBasis;
  accounts: AdjustedAccount[];
  refundCents: number;
  plans: RecalculatedPlan[];
}

export type AssistanceNotice =
  | { type: 'submitted' }
  | { type: 'in_review' }
  | { type: 'information_requested'; items: string[]; dueOn: string }
  | { type: 'message' }
  | { type: 'approved'; approval: ApprovalFacts }
  | { type: 'denied'; reason: string }
  | { type: 'hold_released'; reason: 'denied' | 'information_overdue' }
  | { type: 'collection_notice'; notBefore: string };

export interface AssistanceNotifier {
  notify(
    tx: Transaction,
    about: { application: ApplicationRow; applicant: Applicant },
    notice: AssistanceNotice,
  ): Promise<void>;
}
