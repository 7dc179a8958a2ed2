// What other modules may use of the payment desk; everything else stays inside it.
import type { Database } from '../../db/client.ts';
import type { FacilityCalendar } from '../../lib/facility-day.ts';
import type { AuditRepository } from '../audit/index.ts';
import type { MailLog, MailOutbox, MailService } from '../mail/index.ts';
import type { PaymentCheckpoints } from '../payments/index.ts';
import { AssistanceRefunds } from './assistance-refunds.ts';
import { PaymentPageRepository } from './payment-page.repository.ts';
import { PaymentPageService } from './payment-page.service.ts';
import { PaymentSearchRepository } from './payment-search.repository.ts';
import { PaymentSearchService } from './payment-search.service.ts';
import { ReversalEffects } from './reversal-effects.ts';
import { ReversalMailer } from './reversal-email.ts';
import { ReversalReconciler } from './reversal-reconcile.ts';
import { ReversalsRepository } from './reversals.repository.ts';
import { ReversalsService, type ReversalProcessor } from './reversals.service.ts';

export type { ReversalProcessor } from './reversals.service.ts';
export type {
  AssistanceRefund,
  AssistanceRefundRequest,
  AssistanceRefunds,
} from './assistance-refunds.ts';
export type { ReversalReconcileAction, ReversalReconcileReport } from './reversal-reconcile.ts';

export interface PaymentDesk {
  search: PaymentSearchService;
  page: PaymentPageService;
  reversals: ReversalsService;
  reconcile: ReversalReconciler;
  /** Refund requests a financial assistance approval writes in its own transaction. */
  assistanceRefunds: AssistanceRefunds;
}

export interface PaymentDeskDependencies {
  db: Database;
  audit: AuditRepository;
  calendar: FacilityCalendar;
  mail: MailService;
  outbox: MailOutbox;
  log: MailLog;
  processor: ReversalProcessor;
  checkpoints: PaymentCheckpoints;
  /** REFUND_APPROVAL_THRESHOLD in cents. */
  approvalThresholdCents: number;
}

export function createPaymentDesk(deps: PaymentDeskDependencies): PaymentDesk {
  const repository = new ReversalsRepository(deps.db);
  const effects = new ReversalEffects(
    repository,
    new ReversalMailer(deps.mail, deps.outbox, deps.calendar),
    deps.audit,
  );
  const options = { approvalThresholdCents: deps.approvalThresholdCents };
  return {
    search: new PaymentSearchService(
      new PaymentSearchRepository(deps.db, deps.calendar),
      deps.audit,
      deps.calendar,
    ),
    page: new PaymentPageService(
      repository,
      new PaymentPageRepository(deps.db),
      deps.processor,
      deps.outbox,
      deps.audit,
      options,
    ),
    reversals: new ReversalsService(repository, deps.processor, effects, deps.checkpoints, options),
    reconcile: new ReversalReconciler(repository, deps.processor, effects, deps.log),
    assistanceRefunds: new AssistanceRefunds(repository, effects),
  };
}
