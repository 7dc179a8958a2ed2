// What other modules may use of autopay; everything else stays inside it.
import type { AutopayTimings } from '@webpay/contracts/payment-plans';
import type { Database } from '../../db/client.ts';
import type { FacilityCalendar } from '../../lib/facility-day.ts';
import type { AuditRepository } from '../audit/index.ts';
import type { AuthService } from '../auth/index.ts';
import type { MailLog, MailOutbox, MailService } from '../mail/index.ts';
import type { PaymentRecorder, PaymentsRepository } from '../payments/index.ts';
import { AutopayCharger } from './autopay-charge.ts';
import { AutopayEnabler } from './autopay-enable.ts';
import { AutopayEnrolment } from './autopay-enrolment.ts';
import { AutopayOverviewReader } from './autopay-overview.ts';
import { AutopayMailer } from './autopay-email.ts';
import type { AutopayProcessor, ChargeableMethods, PlanLedger } from './autopay.parts.ts';
import { AutopayRepository } from './autopay.repository.ts';
import { AutopayService } from './autopay.service.ts';

export type * from './autopay.parts.ts';
export type { AutopayRunReport, AutopayEntry, AutopayAction } from './autopay-report.ts';
export { autopayReportLines } from './autopay-report.ts';
export { AutopayService } from './autopay.service.ts';
export { AutopayEnrolment, type AutopayCanceller } from './autopay-enrolment.ts';
export { AutopayEnabler, type AutopayOrigin } from './autopay-enable.ts';
export { AutopayOverviewReader, withChangeWindow } from './autopay-overview.ts';

export interface Autopay {
  service: AutopayService;
  enrolment: AutopayEnrolment;
  /** Turning autopay on, with the authorization accepted in the portal. */
  enabler: AutopayEnabler;
  /** The guarantor's autopay page: what is on, coming and done. */
  overview: AutopayOverviewReader;
}

export interface AutopayDependencies {
  db: Database;
  audit: AuditRepository;
  mail: MailService;
  outbox: MailOutbox;
  log: MailLog;
  /** The payments' own repository and recorder: an autopay charge is recorded like any payment. */
  payments: PaymentsRepository;
  recorder: PaymentRecorder;
  processor: AutopayProcessor;
  methods: ChargeableMethods;
  ledger: PlanLedger;
  timings: AutopayTimings;
  timeZone: string;
  calendar: FacilityCalendar;
  /** WEBPAY_FALLBACK_SUPPORT_PHONE, for a guarantor without a support phone of their own. */
  billingOfficePhone: string;
  /** WEBPAY_PROVIDER_NAME: who is paid, as the authorizations name it. */
  payee: string;
  /** Where the guarantor's one-trip reads are made. */
  signedIn: Pick<AuthService, 'signedInRead'>;
}

export function createAutopay(deps: AutopayDependencies): Autopay {
  const repository = new AutopayRepository(deps.db);
  const mailer = new AutopayMailer(deps.mail, deps.outbox);
  const charger = new AutopayCharger(
    repository,
    deps.payments,
    deps.recorder,
    deps.processor,
    deps.methods,
    deps.ledger,
    mailer,
    deps.audit,
    { retryDays: deps.timings.retryDays, billingOfficePhone: deps.billingOfficePhone },
  );
  const today = () => deps.calendar.dayOf();
  return {
    enabler: new AutopayEnabler(deps.db, deps.methods, {
      timings: deps.timings,
      payee: deps.payee,
      fallbackSupportPhone: deps.billingOfficePhone,
    }),
    overview: new AutopayOverviewReader(
      deps.signedIn,
      today,
      deps.timings.changeBusinessDays,
      deps.timeZone,
    ),
    enrolment: new AutopayEnrolment(deps.db, deps.audit, today, deps.timings.changeBusinessDays),
    service: new AutopayService(
      repository,
      charger,
      mailer,
      deps.methods,
      deps.ledger,
      deps.audit,
      deps.log,
      {
        timings: deps.timings,
        timeZone: deps.timeZone,
      },
    ),
  };
}
