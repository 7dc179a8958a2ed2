import path from 'node:path';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../db/client.ts';
import type { Env } from '../env.ts';
import { AuditRepository } from '../modules/audit/audit.repository.ts';
import { AuthRepository } from '../modules/auth/auth.repository.ts';
import { AuthService } from '../modules/auth/auth.service.ts';
import { SessionTokens } from '../modules/auth/session-tokens.ts';
import { sessionKeyRing } from '../modules/auth/signing-keys.ts';
import { GuarantorRefs } from '../modules/challenges/challenge-secrets.ts';
import { ChallengesRepository } from '../modules/challenges/challenges.repository.ts';
import { ConfigRepository } from '../modules/config/config.repository.ts';
import { ConfigService } from '../modules/config/config.service.ts';
import { PORTAL_BASE_PATH } from '@webpay/contracts/api';
import type { AssistanceConfiguration } from '@webpay/contracts/financial-assistance';
import {
  FinancialAssistanceService,
  createAssistanceServices,
  documentKeyring,
  loadAssistancePolicy,
  type AssistanceServices,
} from '../modules/financial-assistance/index.ts';
import { EncountersRepository } from '../modules/encounters/encounters.repository.ts';
import { EncountersService, OPEN_BILLS_READ } from '../modules/encounters/encounters.service.ts';
import { LockoutRepository } from '../modules/lockout/lockout.repository.ts';
import { SignInLockout } from '../modules/lockout/lockout.service.ts';
import { MagicLinkRepository } from '../modules/magic-link/magic-link.repository.ts';
import { MagicLinkService } from '../modules/magic-link/magic-link.service.ts';
import { JobEngine, type JobLog } from '../modules/jobs/index.ts';
import { MailOutbox, mailDomainOf } from '../modules/mail/mail-outbox.ts';
import { MailService } from '../modules/mail/mail.service.ts';
import { createOfficeReports, type OfficeReports } from '../modules/office-reports/index.ts';
import {
  createOfficeServices,
  type OfficeDependencies,
  type OfficeServices,
} from '../modules/office/index.ts';
import {
  createOfficeRecurring,
  type OfficeRecurringService,
  type StaffAutopayCanceller,
} from '../modules/office-recurring/index.ts';
import {
  createPaymentDesk,
  type PaymentDesk,
  type ReversalProcessor,
} from '../modules/payment-desk/index.ts';
import type { Metrics } from '../modules/metrics/metrics.ts';
import {
  createPaymentMethods,
  type PaymentMethodProcessor,
  type PaymentMethods,
} from '../modules/payment-methods/index.ts';
import { PaymentHistoryRepository } from '../modules/payment-history/payment-history.repository.ts';
import { PaymentHistoryService } from '../modules/payment-history/payment-history.service.ts';
import { createAutopay, type Autopay, type AutopayDependencies } from '../modules/autopay/index.ts';
import {
  createPaymentPlans,
  PlanOptionsReader,
  type PaymentPlans,
  type PlanSettings,
} from '../modules/payment-plans/index.ts';
import { ConvergeClient } from '../modules/payments/converge/converge.client.ts';
import {
  NO_CHECKPOINTS,
  type PaymentCheckpoints,
} from '../modules/payments/payment-checkpoints.ts';
import { PaymentAudit } from '../modules/payments/payment-audit.ts';
import { PaymentRecorder } from '../modules/payments/payment-recorder.ts';
import { PaymentsRepository } from '../modules/payments/payments.repository.ts';
import { PaymentsService, type PaymentProcessor } from '../modules/payments/payments.service.ts';
import { ReceiptMailer } from '../modules/payments/receipt-email.ts';
import { ReconcileService } from '../modules/payments/reconcile.service.ts';
import { createMailTransport, type MailLog } from '../modules/mail/mail.transport.ts';
import { SignupRepository } from '../modules/signup/signup.repository.ts';
import { SignupService } from '../modules/signup/signup.service.ts';
import { createStaffServices, type StaffServices } from '../modules/staff/index.ts';
import { createStaffSso, type StaffSso } from '../modules/staff-sso/index.ts';
import { StatementNoticesRepository } from '../modules/statements/statement-notices.repository.ts';
import { StatementNoticeService } from '../modules/statements/statement-notices.service.ts';
import { StatementsRepository } from '../modules/statements/statements.repository.ts';
import { StatementsService } from '../modules/statements/statements.service.ts';
import { VerificationRepository } from '../modules/verification/verification.repository.ts';
import { VerificationService } from '../modules/verification/verification.service.ts';
import { FacilityCalendar } from '../lib/facility-day.ts';
import { paymentMethodKeyring } from '../lib/payment-method-keys.ts';
import { deriveKey } from '../lib/secrets.ts';
import { RECONCILE_QUEUE, defineSchedules } from './schedules.ts';

/** Financial assistance applications, their review and decisions, come from AssistanceServices (issue #27). */
export interface Services extends AssistanceServices {
  jobs: JobEngine;
  outbox: MailOutbox;
  audit: AuditRepository;
  auth: AuthService;
  config: ConfigService;
  encounters: EncountersService;
  lockout: SignInLockout;
  challenges: ChallengesRepository;
  mail: MailService;
  magicLinks: MagicLinkService;
  verifications: VerificationService;
  signup: SignupService;
  statementNotices: StatementNoticeService;
  statements: StatementsService;
  payments: PaymentsService;
  /** Receipt e-mails through the outbox: after a payment, and again from the payment desk. */
  receiptMailer: ReceiptMailer;
  paymentHistory: PaymentHistoryService;
  reconcile: ReconcileService;
  /** The billing office's staff, their sessions and sign-in (decision 0023). */
  staff: StaffServices;
  /** Staff single sign-on by OpenID Connect; off unless OIDC_ISSUER is set (decision 0024). */
  staffSso: StaffSso;
  /** The billing office console's reads and support actions. */
  office: OfficeServices;
  /** The console's money report and settlement view. */
  officeReports: OfficeReports;
  /** The billing office's payment desk: find, read, void, refund, approve (issue #24). */
  paymentDesk: PaymentDesk;
  /** Saved cards and bank accounts (issue #25). */
  paymentMethods: PaymentMethods;
  /** A guarantor's recurring payments in the console, and the staff cancel (issue #25). */
  officeRecurring: OfficeRecurringService;
  /** Autopay on plans and statements: its runs, and the guarantor's enrolment (issue #25). */
  autopay: Autopay;
  /** Self-service payment plans and their figures (issue #25). */
  paymentPlans: PaymentPlans;
  /** What a plan may be made of, read with the session check (GET /payment-plans/options). */
  planOptions: PlanOptionsReader;
  /** The hospital's financial assistance policy as published, and the estimate (issue #27). */
  financialAssistance: FinancialAssistanceService;
}

export interface ServiceOverrides {
  /** Autopay's processor, saved methods and plan figures, replaced by a test's fakes. */
  autopay?: Partial<Pick<AutopayDependencies, 'processor' | 'methods' | 'ledger'>>;
  /** Another processor than the one CONVERGE_* points at (the CLI's own sandbox). */
  processor?: PaymentProcessor;
  /** Another processor for the payment desk's voids, returns and lookups (a test's fake). */
  reversalProcessor?: ReversalProcessor;
  /** Listens to the payment pipeline's steps; only the crash tests give one. */
  paymentCheckpoints?: PaymentCheckpoints;
  /** Another processor for saved cards' tokens (a test's fake). */
  paymentMethodProcessor?: PaymentMethodProcessor;
  /** The console's autopay cancels (a test's fake). */
  autopayCanceller?: StaffAutopayCanceller;
}

/** The outbox of DATA_DIR, where e-mail goes when SMTP_URL is not set. */
export function outboxDirectory(env: Pick<Env, 'DATA_DIR'>): string {
  return path.join(env.DATA_DIR, 'outbox');
}

/** What every group of services is built on. */
interface Foundation {
  db: DatabaseHandle['db'];
  env: Env;
  log: ServiceLog;
  metrics: Metrics | undefined;
  audit: AuditRepository;
  lockout: SignInLockout;
  mail: MailService;
  outbox: MailOutbox;
  /** The facility's days, in WEBPAY_TIME_ZONE. */
  calendar: FacilityCalendar;
  /** The hospital's financial assistance policy (FINANCIAL_ASSISTANCE_POLICY_FILE, else the demo's). */
  assistance: AssistanceConfiguration;
}

/** The foundation of the guarantor's services whose reads check the session themselves. */
interface SignedInFoundation extends Foundation {
  /** Where the guarantor's one-trip reads are made (AuthService.signedInRead). */
  signedIn: AuthService;
}

/** The logger calls services make (pino's signature). */
export type ServiceLog = MailLog & JobLog;

function createMail(env: Env, log: MailLog): MailService {
  return new MailService(
    createMailTransport({
      smtpUrl: env.SMTP_URL,
      outboxDir: outboxDirectory(env),
      from: env.MAIL_FROM,
      log,
      announceSecrets: env.NODE_ENV !== 'production',
    }),
    {
      providerName: env.WEBPAY_PROVIDER_NAME,
      portalName: env.WEBPAY_PORTAL_NAME,
      supportEmail: env.WEBPAY_SUPPORT_EMAIL,
      supportPhone: env.WEBPAY_FALLBACK_SUPPORT_PHONE,
      accentColor: env.WEBPAY_ACCENT_COLOR,
    },
    log,
  );
}

/** Sessions and every way of signing in or up. */
function createSignIn({ db, env, audit, lockout, mail, outbox }: Foundation) {
  const authRepository = new AuthRepository(db);
  const auth = new AuthService(
    authRepository,
    // Only session tokens follow JWT_SIGNING_KEYS; the keys derived from JWT_SECRET stay put.
    new SessionTokens(sessionKeyRing(env.JWT_SECRET, env.JWT_SIGNING_KEYS), env.JWT_TTL_SECONDS),
    audit,
    lockout,
  );
  const challenges = new ChallengesRepository(db);
  const magicLinks = new MagicLinkService(
    new MagicLinkRepository(db),
    challenges,
    auth,
    audit,
    mail,
    lockout,
    { publicUrl: env.PUBLIC_URL },
  );
  const verifications = new VerificationService(
    db,
    new VerificationRepository(db),
    challenges,
    auth,
    authRepository,
    audit,
    mail,
    lockout,
    new GuarantorRefs(env.JWT_SECRET),
    { publicUrl: env.PUBLIC_URL, fallbackSupportPhone: env.WEBPAY_FALLBACK_SUPPORT_PHONE },
  );
  const signup = new SignupService(
    new SignupRepository(db),
    verifications,
    mail,
    outbox,
    audit,
    lockout,
  );
  return { auth, challenges, magicLinks, verifications, signup };
}

/** Statements and the notices that point guarantors to them. */
function createStatements(
  { db, env, audit, mail, outbox, calendar, assistance }: Foundation,
  { magicLinks, auth }: { magicLinks: MagicLinkService; auth: AuthService },
  encountersRepository: EncountersRepository,
) {
  const statementNotices = new StatementNoticeService(
    new StatementNoticesRepository(db),
    magicLinks,
    mail,
    outbox,
    audit,
    { linkLifetimeHours: env.STATEMENT_LINK_TTL_HOURS },
  );
  const statements = new StatementsService(
    new StatementsRepository(db),
    encountersRepository,
    audit,
    {
      providerName: env.WEBPAY_PROVIDER_NAME,
      portalName: env.WEBPAY_PORTAL_NAME,
      supportEmail: env.WEBPAY_SUPPORT_EMAIL,
      fallbackSupportPhone: env.WEBPAY_FALLBACK_SUPPORT_PHONE,
      calendar,
      // Section 501(r): every statement tells where the assistance policy is and whom to call.
      assistance: {
        phone: assistance.policy.contact.phone,
        webAddress: `${env.PUBLIC_URL}${PORTAL_BASE_PATH}/financial-assistance`,
      },
    },
    auth,
  );
  return { statementNotices, statements };
}

function createProcessor(env: Env, metrics: Metrics | undefined): ConvergeClient {
  return new ConvergeClient(env, {
    timeoutMs: env.CONVERGE_TIMEOUT_MS,
    ...(metrics
      ? {
          observe: (operation, outcome, seconds) =>
            metrics.observeProcessorCall(operation, outcome, seconds),
        }
      : {}),
  });
}

/** Saved methods, over the same processor as payments unless a test gives its own. */
function createMethods(
  { db, env, log, metrics, audit, calendar, signedIn }: SignedInFoundation,
  overrides: ServiceOverrides,
): PaymentMethods {
  const given = overrides.processor;
  return createPaymentMethods({
    db,
    audit,
    calendar,
    log,
    processor:
      overrides.paymentMethodProcessor ??
      (given instanceof ConvergeClient ? given : undefined) ??
      createProcessor(env, metrics),
    keyring: paymentMethodKeyring(env.PAYMENT_METHOD_KEYS, env.JWT_SECRET),
    bankFingerprintKey: deriveKey(env.JWT_SECRET, 'bank-account'),
    payee: env.WEBPAY_PROVIDER_NAME,
    fallbackSupportPhone: env.WEBPAY_FALLBACK_SUPPORT_PHONE,
    signedIn,
  });
}

/**
 * Payments, their receipts, the reconciliation of those never heard back,
 * and the portal plans whose figures follow the payments recorded on them.
 */
function createPayments(
  foundation: SignedInFoundation,
  overrides: ServiceOverrides,
  paymentMethods: PaymentMethods,
) {
  const { db, env, log, metrics, audit, mail, outbox, calendar, signedIn } = foundation;
  const paymentsRepository = new PaymentsRepository(db, calendar);
  const paymentAudit = new PaymentAudit(audit, log, metrics);
  const processor = overrides.processor ?? createProcessor(env, metrics);
  const checkpoints = overrides.paymentCheckpoints ?? NO_CHECKPOINTS;
  const receiptMailer = new ReceiptMailer(
    mail,
    outbox,
    paymentsRepository,
    paymentAudit,
    env.WEBPAY_TIME_ZONE,
  );
  const recorder = new PaymentRecorder(
    paymentsRepository,
    paymentAudit,
    receiptMailer,
    checkpoints,
  );
  const payments = new PaymentsService(
    paymentsRepository,
    new EncountersRepository(db),
    processor,
    recorder,
    paymentAudit,
    checkpoints,
    {
      fingerprintKey: deriveKey(env.JWT_SECRET, 'payment-request'),
      bankFingerprintKey: deriveKey(env.JWT_SECRET, 'bank-account'),
      inProgressWaitMs: env.CONVERGE_TIMEOUT_MS + 2000,
      authorization: {
        payee: env.WEBPAY_PROVIDER_NAME,
        billingOfficeEmail: env.WEBPAY_SUPPORT_EMAIL,
        fallbackSupportPhone: env.WEBPAY_FALLBACK_SUPPORT_PHONE,
        timeZone: env.WEBPAY_TIME_ZONE,
      },
    },
    paymentMethods.service,
  );
  const reconcile = new ReconcileService(
    paymentsRepository,
    processor,
    recorder,
    paymentAudit,
    log,
    {
      // An eCheck request can be talking to the processor for one timeout; twice that is safe.
      inFlightMs: 2 * env.CONVERGE_TIMEOUT_MS,
    },
  );
  const paymentPlans = createPlans(foundation, recorder);
  return {
    payments,
    reconcile,
    receiptMailer,
    checkpoints,
    paymentPlans,
    planOptions: new PlanOptionsReader(signedIn, calendar, planSettings(env)),
    autopay: createAutopayServices({ db, env, log, audit, mail, outbox, calendar }, overrides, {
      payments: paymentsRepository,
      recorder,
      processor,
      methods: paymentMethods.repository,
      ledger: paymentPlans.ledger,
      signedIn,
    }),
  };
}

/** The payment desk, over the same processor as payments unless a test gives its own. */
function createDesk(
  { db, env, log, metrics, audit, mail, outbox, calendar }: Foundation,
  overrides: ServiceOverrides,
  checkpoints: PaymentCheckpoints,
): PaymentDesk {
  const given = overrides.processor;
  const processor =
    overrides.reversalProcessor ??
    // The CLI's own sandbox client serves the desk too; a payments-only fake does not.
    (given instanceof ConvergeClient ? given : undefined) ??
    createProcessor(env, metrics);
  return createPaymentDesk({
    db,
    audit,
    calendar,
    mail,
    outbox,
    log,
    processor,
    checkpoints,
    approvalThresholdCents: env.REFUND_APPROVAL_THRESHOLD,
  });
}

/** Until a part is given, autopay says so rather than charging or skipping anything. */
function notWired(part: string): never {
  throw new Error(`Autopay needs ${part}, which this service does not have`);
}

/** Autopay over the payments' repository, recorder and processor. */
function createAutopayServices(
  {
    db,
    env,
    log,
    audit,
    mail,
    outbox,
    calendar,
  }: Pick<Foundation, 'db' | 'env' | 'log' | 'audit' | 'mail' | 'outbox' | 'calendar'>,
  overrides: ServiceOverrides,
  parts: Pick<AutopayDependencies, 'payments' | 'recorder' | 'methods' | 'ledger' | 'signedIn'> & {
    processor: PaymentProcessor;
  },
): Autopay {
  const given = overrides.autopay ?? {};
  const processor = parts.processor as PaymentProcessor & Partial<AutopayDependencies['processor']>;
  return createAutopay({
    db,
    audit,
    mail,
    outbox,
    log,
    payments: parts.payments,
    recorder: parts.recorder,
    processor: given.processor ?? {
      tokenSale: (request) => processor.tokenSale?.(request) ?? notWired('a token sale'),
      ecsPurchase: (request) => processor.ecsPurchase(request),
      queryTransaction: (query) => processor.queryTransaction(query),
    },
    methods: given.methods ?? parts.methods,
    ledger: given.ledger ?? parts.ledger,
    timings: {
      fixedNoticeDays: env.AUTOPAY_NOTICE_DAYS_FIXED,
      variableNoticeDays: env.AUTOPAY_NOTICE_DAYS_VARIABLE,
      retryDays: env.AUTOPAY_RETRY_DAYS,
      changeBusinessDays: env.AUTOPAY_CHANGE_BUSINESS_DAYS,
    },
    timeZone: env.WEBPAY_TIME_ZONE,
    calendar,
    billingOfficePhone: env.WEBPAY_FALLBACK_SUPPORT_PHONE,
    payee: env.WEBPAY_PROVIDER_NAME,
    signedIn: parts.signedIn,
  });
}

/** The hospital's rules for plans, and autopay's timings, from the settings. */
function planSettings(env: Env): PlanSettings {
  return {
    rules: {
      minBalanceCents: env.PLAN_MIN_BALANCE,
      minMonthlyCents: env.PLAN_MIN_MONTHLY_PAYMENT,
      maxMonths: env.PLAN_MAX_MONTHS,
      interestRatePercent: 0,
    },
    timings: {
      fixedNoticeDays: env.AUTOPAY_NOTICE_DAYS_FIXED,
      variableNoticeDays: env.AUTOPAY_NOTICE_DAYS_VARIABLE,
      retryDays: env.AUTOPAY_RETRY_DAYS,
      changeBusinessDays: env.AUTOPAY_CHANGE_BUSINESS_DAYS,
    },
    payee: env.WEBPAY_PROVIDER_NAME,
    fallbackSupportPhone: env.WEBPAY_FALLBACK_SUPPORT_PHONE,
  };
}

/**
 * Self-service payment plans, under the hospital's rules from the settings;
 * a payment recorded on a plan brings its figures up to date.
 */
function createPlans(
  { db, env, log, mail, outbox, calendar }: Foundation,
  recorder: PaymentRecorder,
): PaymentPlans {
  const plans = createPaymentPlans({
    db,
    calendar,
    outbox,
    branding: mail.branding,
    settings: planSettings(env),
  });
  recorder.onRecorded(async (payment) => {
    try {
      await plans.ledger.refreshForPayment(payment.id, calendar.dayOf());
    } catch (error) {
      // The payment stands; the plan's figures catch up at the next autopay run.
      log.warn({ err: error, paymentId: payment.id }, 'could not refresh the plan paid on');
    }
  });
  return plans;
}

/** The billing office's staff: accounts, sessions and single sign-on. */
function createStaff({
  db,
  env,
  audit,
  lockout,
}: Foundation): Pick<Services, 'staff' | 'staffSso'> {
  const staff = createStaffServices({
    db,
    audit,
    lockout,
    secret: env.JWT_SECRET,
    sessionKeys: sessionKeyRing(env.JWT_SECRET, env.JWT_SIGNING_KEYS),
    publicUrl: env.PUBLIC_URL,
    serviceNames: [env.WEBPAY_PORTAL_NAME, env.WEBPAY_PROVIDER_NAME],
  });
  return { staff, staffSso: createStaffSso({ db, env, audit, staff }) };
}

/** The billing office console's reads and support actions, and its view of recurring payments. */
function createConsole(
  foundation: Foundation,
  overrides: ServiceOverrides,
  portal: Pick<OfficeDependencies, 'statements' | 'paymentHistory' | 'magicLinks' | 'jobs'> & {
    autopayCanceller: StaffAutopayCanceller;
  },
): Pick<Services, 'office' | 'officeRecurring'> {
  const { env } = foundation;
  const { autopayCanceller: _canceller, ...officeParts } = portal;
  const office = createOfficeServices({
    ...foundation,
    ...officeParts,
    pinLetterKey: deriveKey(env.JWT_SECRET, 'pin-letter'),
    providerName: env.WEBPAY_PROVIDER_NAME,
    portalName: env.WEBPAY_PORTAL_NAME,
    reconcileQueue: RECONCILE_QUEUE.name,
  });
  const officeRecurring = createOfficeRecurring({
    db: foundation.db,
    page: office.guarantors,
    // The staff cancels are autopay's own, unless a test gives its fake.
    enrolment: overrides.autopayCanceller ?? portal.autopayCanceller,
    audit: foundation.audit,
    calendar: foundation.calendar,
    changeBusinessDays: env.AUTOPAY_CHANGE_BUSINESS_DAYS,
  });
  return { office, officeRecurring };
}

export interface ServiceOptions {
  overrides?: ServiceOverrides;
  metrics?: Metrics | undefined;
  /** A server runs the schedules and maintains the queues; commands and most tests do not. */
  runsSchedules?: boolean;
}

/** Financial assistance applications: the guarantor's side, the review and the decisions. */
function createAssistance(
  { db, env, calendar, assistance, mail, outbox }: Foundation,
  plans: PaymentPlans,
  desk: PaymentDesk,
) {
  return createAssistanceServices({
    db,
    configuration: assistance,
    calendar,
    mail,
    outbox,
    publicUrl: env.PUBLIC_URL,
    providerName: env.WEBPAY_PROVIDER_NAME,
    documentKeys: documentKeyring(env.ASSISTANCE_DOCUMENT_KEYS, env.JWT_SECRET),
    jwtSecret: env.JWT_SECRET,
    plans: plans.ledger,
    refunds: desk.assistanceRefunds,
  });
}

/** What anyone may read, signed in or not: the portal's configuration and the assistance policy. */
function createPublished({ db, env, calendar, assistance }: Foundation) {
  return {
    config: new ConfigService(new ConfigRepository(db), env),
    financialAssistance: new FinancialAssistanceService(assistance, calendar),
  };
}

/** The audit trail (rows grouped into one commit under load) and the sign-in lockout. */
function createGuards(db: DatabaseHandle['db'], env: Env, metrics: Metrics | undefined) {
  const audit = new AuditRepository(db, {
    groupCommit: true,
    ...(metrics ? { onRecorded: (event) => metrics.observeAudit(event) } : {}),
  });
  const lockout = new SignInLockout(new LockoutRepository(db), {
    secret: env.JWT_SECRET,
    fallbackSupportPhone: env.WEBPAY_FALLBACK_SUPPORT_PHONE,
  });
  return { audit, lockout };
}

export function createServices(
  database: DatabaseHandle,
  env: Env,
  log: ServiceLog,
  { overrides = {}, metrics, runsSchedules = false }: ServiceOptions = {},
): Services {
  const { db } = database;
  const { audit, lockout } = createGuards(db, env, metrics);
  const mail = createMail(env, log);
  const jobs = new JobEngine(database, log, { timeZone: env.WEBPAY_TIME_ZONE, runsSchedules });
  const outbox = new MailOutbox(
    jobs,
    mail,
    mailDomainOf(env.MAIL_FROM),
    deriveKey(env.JWT_SECRET, 'mail-outbox'),
  );
  const calendar = new FacilityCalendar(env.WEBPAY_TIME_ZONE);
  const foundation: Foundation = {
    db,
    env,
    log,
    metrics,
    audit,
    lockout,
    mail,
    outbox,
    calendar,
    assistance: loadAssistancePolicy(env.FINANCIAL_ASSISTANCE_POLICY_FILE),
  };
  // One repository, so its prepared statement is prepared once per connection.
  const encountersRepository = new EncountersRepository(db);
  const signIn = createSignIn(foundation);
  const signedIn: SignedInFoundation = { ...foundation, signedIn: signIn.auth };
  const encounters = new EncountersService(signIn.auth.signedInRead(OPEN_BILLS_READ));
  const statements = createStatements(foundation, signIn, encountersRepository);
  const paymentMethods = createMethods(signedIn, overrides);
  const { checkpoints, ...paymentServices } = createPayments(signedIn, overrides, paymentMethods);
  const paymentHistory = new PaymentHistoryService(
    new PaymentHistoryRepository(db),
    calendar,
    signIn.auth,
  );
  const paymentDesk = createDesk(foundation, overrides, checkpoints);
  return {
    jobs,
    outbox,
    audit,
    ...createPublished(foundation),
    ...createAssistance(foundation, paymentServices.paymentPlans, paymentDesk),
    encounters,
    lockout,
    mail,
    ...signIn,
    ...statements,
    paymentHistory,
    ...paymentServices,
    paymentDesk,
    paymentMethods,
    ...createStaff(foundation),
    ...createConsole(foundation, overrides, {
      statements: statements.statements,
      paymentHistory,
      magicLinks: signIn.magicLinks,
      jobs,
      autopayCanceller: paymentServices.autopay.enrolment,
    }),
    officeReports: createOfficeReports({
      ...foundation,
      processor: overrides.processor ?? createProcessor(env, foundation.metrics),
    }),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    services: Services;
  }
}

/** The app's own decorators: the database handle and the services built on it. */
export default fp(
  async function services(
    app,
    options: {
      database: DatabaseHandle;
      env: Env;
      metrics: Metrics | undefined;
      overrides: ServiceOverrides | undefined;
      runsSchedules: boolean;
    },
  ) {
    const built = createServices(options.database, options.env, app.log, {
      overrides: options.overrides,
      metrics: options.metrics,
      runsSchedules: options.runsSchedules,
    });
    defineSchedules(built, options.env);
    app.decorate('database', options.database);
    app.decorate('services', built);

    // Jobs can be created once the app is ready; a server also works them off (start.ts).
    app.addHook('onReady', () => built.jobs.start());
    app.addHook('onClose', async () => {
      // Jobs under way finish; e-mails already handed over go out before the process stops.
      await built.jobs.stop();
      await built.mail.close();
    });
  },
  { name: 'services' },
);
