// What other modules may use of payment plans; everything else stays inside it.
import type { Database } from '../../db/client.ts';
import type { FacilityCalendar } from '../../lib/facility-day.ts';
import type { MailBranding, MailOutbox } from '../mail/index.ts';
import { PlanAuthorizationMailer } from './authorization-email.ts';
import { PlanLedger } from './plan-ledger.ts';
import { PaymentPlansRepository } from './payment-plans.repository.ts';
import { PaymentPlansService, type PlanSettings } from './payment-plans.service.ts';

export { PlanLedger, planFigures, type PlanFigures } from './plan-ledger.ts';
export { PlanOptionsReader } from './plan-options.ts';
/** The plans' refusals, shared with autopay's own authorization checks. */
export { planErrors } from './plan-errors.ts';
export {
  PaymentPlansService,
  PLAN_NUMBER_PATTERN,
  type PlanSettings,
} from './payment-plans.service.ts';

export interface PaymentPlans {
  service: PaymentPlansService;
  /** A portal plan's figures from its instalments and the money on it (autopay, payments by hand). */
  ledger: PlanLedger;
}

export interface PaymentPlansDependencies {
  db: Database;
  calendar: FacilityCalendar;
  outbox: Pick<MailOutbox, 'queue'>;
  branding: MailBranding;
  settings: PlanSettings;
}

export function createPaymentPlans(deps: PaymentPlansDependencies): PaymentPlans {
  const ledger = new PlanLedger(deps.db);
  const service = new PaymentPlansService(
    deps.db,
    new PaymentPlansRepository(deps.db),
    ledger,
    new PlanAuthorizationMailer(deps.branding, deps.outbox),
    deps.calendar,
    deps.settings,
  );
  return { service, ledger };
}
