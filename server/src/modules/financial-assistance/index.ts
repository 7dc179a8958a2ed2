// What other modules may use of financial assistance; everything else stays inside it.
import type { AssistanceConfiguration } from '@webpay/contracts/financial-assistance';
import type { Database } from '../../db/client.ts';
import type { FacilityCalendar } from '../../lib/facility-day.ts';
import type { MailBranding, MailOutbox } from '../mail/index.ts';
import type { SealingKey } from '../../lib/payment-method-keys.ts';
import { SealedDocumentIntake } from './assistance-intake.ts';
import type { AssistanceNotifier } from './assistance-notices.ts';
import { AssistanceMailNotifier } from './assistance-notifier.ts';
import { AssistanceMailer } from './letters/assistance-mail.ts';
import { AssistanceSteps } from './assistance-steps.ts';
import { ApplicationService } from './application.service.ts';
import { DecisionService, type PlanReducer } from './decision.service.ts';
import type { RefundDesk } from './refund-desk.ts';
import { ReviewService } from './review.service.ts';

export { loadAssistancePolicy } from './assistance-policy.ts';
export { FinancialAssistanceService } from './financial-assistance.service.ts';
export type { ApplicationService } from './application.service.ts';
export type { DecisionService } from './decision.service.ts';
export type { ReviewService } from './review.service.ts';
export type { AssistanceNotifier } from './assistance-notices.ts';
export type { DocumentIntake } from './document-intake.ts';
export type { PlanReducer } from './decision.service.ts';
export type { RefundDesk } from './refund-desk.ts';

export interface AssistanceDependencies {
  db: Database;
  configuration: AssistanceConfiguration;
  calendar: Pick<FacilityCalendar, 'dayOf'>;
  /** The e-mails' branding (MailService) and the outbox they go through. */
  mail: { readonly branding: MailBranding };
  outbox: Pick<MailOutbox, 'queue'>;
  publicUrl: string;
  providerName: string;
  /** Seal documents at rest (ASSISTANCE_DOCUMENT_KEYS, else derived from JWT_SECRET). */
  documentKeys: readonly SealingKey[];
  /** Signs reviewers' document links. */
  jwtSecret: string;
  /** Lowers the plans an approval's accounts are on, in the approval's transaction. */
  plans: PlanReducer;
  /** The payment desk's refund requests for what was paid above the new amount owed. */
  refunds: RefundDesk;
  /** Replaces the notices (a test's recorder). */
  notifier?: AssistanceNotifier;
}

export interface AssistanceServices {
  assistanceApplications: ApplicationService;
  assistanceReview: ReviewService;
  assistanceDecisions: DecisionService;
}

export function createAssistanceServices(deps: AssistanceDependencies): AssistanceServices {
  const notifier =
    deps.notifier ??
    new AssistanceMailNotifier(
      new AssistanceMailer(deps.mail, deps.outbox),
      deps.configuration,
      deps.calendar,
      { publicUrl: deps.publicUrl, providerName: deps.providerName },
    );
  const intake = new SealedDocumentIntake(deps.documentKeys, deps.jwtSecret);
  const steps = new AssistanceSteps(deps.db, notifier);
  const review = new ReviewService(
    steps,
    deps.configuration,
    deps.calendar,
    intake,
    (staffId) => steps.repository.activeStaff(staffId),
    deps.refunds,
  );
  return {
    assistanceApplications: new ApplicationService(
      steps,
      deps.configuration,
      deps.calendar,
      intake,
    ),
    assistanceReview: review,
    assistanceDecisions: new DecisionService(
      steps,
      review,
      deps.configuration,
      deps.calendar,
      deps.plans,
      deps.refunds,
    ),
  };
}

export { chargesPausedByAssistance, onAssistanceHold } from './hold.ts';
export { documentKeyring } from './documents/index.ts';
