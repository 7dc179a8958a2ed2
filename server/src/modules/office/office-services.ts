import type { Database } from '../../db/client.ts';
import type { FacilityCalendar } from '../../lib/facility-day.ts';
import type { AuditRepository } from '../audit/index.ts';
import type { JobEngine } from '../jobs/index.ts';
import type { SignInLockout } from '../lockout/index.ts';
import type { MagicLinkService } from '../magic-link/index.ts';
import type { MailOutbox, MailService } from '../mail/index.ts';
import type { PaymentHistoryService } from '../payment-history/index.ts';
import type { StatementsService } from '../statements/index.ts';
import { GuarantorPageRepository } from './guarantor-page.repository.ts';
import { GuarantorPageService } from './guarantor-page.service.ts';
import { GuarantorSearchRepository } from './guarantor-search.repository.ts';
import { GuarantorSearchService } from './guarantor-search.service.ts';
import { OfficeAuditRepository } from './office-audit.repository.ts';
import { OfficeAuditService } from './office-audit.service.ts';
import { OfficeHomeRepository } from './office-home.repository.ts';
import { OfficeHomeService } from './office-home.service.ts';
import { PinLetters } from './pin-letters.ts';
import { SupportActionsService } from './support-actions.service.ts';

export interface OfficeServices {
  search: GuarantorSearchService;
  guarantors: GuarantorPageService;
  support: SupportActionsService;
  pinLetters: PinLetters;
  audit: OfficeAuditService;
  home: OfficeHomeService;
}

/** What the console is built on: the portal's own services, so both show the same figures. */
export interface OfficeDependencies {
  db: Database;
  audit: AuditRepository;
  calendar: FacilityCalendar;
  statements: StatementsService;
  paymentHistory: PaymentHistoryService;
  lockout: SignInLockout;
  magicLinks: MagicLinkService;
  mail: MailService;
  outbox: MailOutbox;
  jobs: JobEngine;
  /** Seals PIN letters until they are printed (derived from JWT_SECRET). */
  pinLetterKey: string;
  providerName: string;
  portalName: string;
  /** The scheduled reconciliation's queue (plugins/schedules.ts). */
  reconcileQueue: string;
}

export function createOfficeServices(deps: OfficeDependencies): OfficeServices {
  const { db, audit } = deps;
  const pageRepository = new GuarantorPageRepository(db);
  const guarantors = new GuarantorPageService(pageRepository, deps);
  const pinLetters = new PinLetters(db, audit, {
    key: deps.pinLetterKey,
    providerName: deps.providerName,
    portalName: deps.portalName,
    calendar: deps.calendar,
  });
  return {
    search: new GuarantorSearchService(new GuarantorSearchRepository(db), audit),
    guarantors,
    support: new SupportActionsService(pageRepository, { ...deps, page: guarantors }, pinLetters),
    pinLetters,
    audit: new OfficeAuditService(new OfficeAuditRepository(db), audit, deps.calendar),
    home: new OfficeHomeService(new OfficeHomeRepository(db), deps.jobs, audit, {
      calendar: deps.calendar,
      reconcileQueue: deps.reconcileQueue,
    }),
  };
}
