import { randomUUID } from 'node:crypto';
import type { LetterKind } from '@webpay/contracts/assistance-application';
import { PORTAL_BASE_PATH } from '@webpay/contracts/api';
import { policyOf, type AssistanceConfiguration } from '@webpay/contracts/financial-assistance';
import type { Transaction } from '../../db/client.ts';
import type { FacilityCalendar } from '../../lib/facility-day.ts';
import type { AssistanceNotice, AssistanceNotifier } from './assistance-notices.ts';
import {
  ApplicationRepository,
  type Applicant,
  type ApplicationRow,
} from './application.repository.ts';
import type { AssistanceMail, AssistanceMailer } from './letters/assistance-mail.ts';
import { contactIn, type AssistanceLetter, type LetterBase } from './letters/letter-input.ts';
import { renderLetter } from './letters/render-letter.ts';

/*
 * The notices of an application's steps (assistance-notices.ts) as the
 * guarantor gets them: the step's e-mail through the outbox and, for the
 * steps that decide or warn, the letter kept word for word with the
 * application, both in the guarantor's language as of their last visit
 * (decision 0013) and both in the step's transaction. A guarantor without an e-mail address still has every
 * letter in the portal's tracker.
 */

export interface NotifierSettings {
  /** PUBLIC_URL: the portal's links in letters and e-mails start here. */
  publicUrl: string;
  providerName: string;
}

type Step = { application: ApplicationRow; applicant: Applicant };

const LETTER_STEP: Record<LetterKind, Extract<AssistanceMail, { letter: unknown }>['step']> = {
  incomplete: 'need_information',
  approval: 'approved',
  denial: 'denied',
  hold_released: 'hold_released',
  collection_notice: 'collection_notice',
};

export class AssistanceMailNotifier implements AssistanceNotifier {
  constructor(
    private readonly mailer: AssistanceMailer,
    private readonly configuration: AssistanceConfiguration,
    private readonly calendar: Pick<FacilityCalendar, 'dayOf'>,
    private readonly settings: NotifierSettings,
  ) {}

  private portal(path: string): string {
    return `${this.settings.publicUrl}${PORTAL_BASE_PATH}/financial-assistance${path}`;
  }

  private trackerUrl(reference: string): string {
    return this.portal(`/applications/${encodeURIComponent(reference)}`);
  }

  async notify(tx: Transaction, step: Step, notice: AssistanceNotice): Promise<void> {
    const letter = await this.letterOf(tx, step, notice);
    if (letter) {
      const rendered = renderLetter(letter, step.applicant.preferredLanguage);
      const kept = await new ApplicationRepository(tx).insertLetter({
        id: randomUUID(),
        applicationId: step.application.id,
        kind: letter.kind,
        language: step.applicant.preferredLanguage,
        ...rendered,
      });
      // A decision's letter goes once: a step taken again finds it kept already.
      if (!kept) return;
      await this.send(tx, step, { step: LETTER_STEP[letter.kind], letter } as AssistanceMail);
      return;
    }
    await this.send(tx, step, this.stepMail(step, notice));
  }

  /** The e-mail of a step without a letter. */
  private stepMail(step: Step, notice: AssistanceNotice): AssistanceMail {
    const { application, applicant } = step;
    const about = {
      to: applicant.email ?? '',
      language: applicant.preferredLanguage,
      firstName: applicant.firstName,
      reference: application.reference,
      trackerUrl: this.trackerUrl(application.reference),
    };
    if (notice.type === 'submitted') {
      return {
        ...about,
        step: 'submitted',
        keepPaying: application.keepPaying,
        documentsToSend: application.answers.members.filter((m) => m.documents === 'send_later')
          .length,
      };
    }
    return { ...about, step: notice.type === 'message' ? 'message' : 'in_review' };
  }

  private async send(tx: Transaction, step: Step, mail: AssistanceMail): Promise<void> {
    const to = step.applicant.email;
    if (!to) return;
    await this.mailer.queue(
      tx,
      { ...mail, to, language: step.applicant.preferredLanguage },
      {
        guarantorId: step.applicant.id,
      },
    );
  }

  private base(step: Step): LetterBase {
    const policy = policyOf(this.configuration, step.application.facilityId);
    return {
      reference: step.application.reference,
      firstName: step.applicant.firstName,
      date: this.calendar.dayOf(),
      providerName: this.settings.providerName,
      trackerUrl: this.trackerUrl(step.application.reference),
      contact: contactIn(policy.contact, step.applicant.preferredLanguage),
    };
  }

  /** The letter a notice leaves, or undefined for the steps told by e-mail only. */
  private async letterOf(
    tx: Transaction,
    step: Step,
    notice: AssistanceNotice,
  ): Promise<AssistanceLetter | undefined> {
    const base = this.base(step);
    const again = { applyUrl: this.portal('/apply'), applyBy: step.application.windowEndsOn };
    switch (notice.type) {
      case 'information_requested':
        return { ...base, kind: 'incomplete', items: notice.items, dueOn: notice.dueOn };
      case 'approved':
        return { ...base, kind: 'approval', ...notice.approval };
      case 'denied':
        return { ...base, kind: 'denial', reason: notice.reason, ...again };
      case 'hold_released': {
        const paused = !step.application.keepPaying;
        return {
          ...base,
          kind: 'hold_released',
          reason:
            notice.reason === 'denied'
              ? { kind: 'denied' }
              : {
                  kind: 'information_overdue',
                  dueOn: step.application.informationDueOn ?? base.date,
                },
          resumes: { autopay: paused, planCharges: paused },
          ...again,
        };
      }
      case 'collection_notice': {
        const accounts = await new ApplicationRepository(tx).accounts(step.application.id);
        return {
          ...base,
          kind: 'collection_notice',
          balanceCents: accounts.reduce((sum, account) => sum + account.balanceCents, 0),
          earliestActionOn: notice.notBefore,
          summaryUrl: this.portal(''),
          ...again,
        };
      }
      default:
        return undefined;
    }
  }
}
