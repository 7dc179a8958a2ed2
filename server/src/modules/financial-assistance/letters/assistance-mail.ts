import {
  APPLICATION_STATUS_NAMES,
  type ApplicationStatus,
} from '@webpay/contracts/assistance-application';
import { messagesIn } from '@webpay/contracts/catalogue';
import type { Language } from '@webpay/contracts/language';
import type { Transaction } from '../../../db/client.ts';
import {
  renderMail,
  type MailBlock,
  type MailBranding,
  type MailMessages,
  type MailOutbox,
  type OutgoingMail,
} from '../../mail/index.ts';
import {
  ASSISTANCE_MAIL_MESSAGES,
  type AssistanceMailMessages,
} from './assistance-mail-messages.ts';
import type {
  ApprovalLetter,
  AssistanceLetter,
  CollectionNoticeLetter,
  DenialLetter,
  HoldReleasedLetter,
  IncompleteLetter,
} from './letter-input.ts';
import { composeLetter } from './render-letter.ts';

/*
 * The e-mails of a financial assistance application, one at each step, in
 * the guarantor's language, each with a button to the application in the
 * portal. A decision, a request for information and a notice carry their
 * letter in full, laid out from the same blocks as the copy kept with the
 * application. A message from the billing office is only announced: its
 * words, like everything else about the guarantor's care and money, stay
 * behind the portal's sign-in.
 */

interface Recipient {
  to: string;
  language: Language;
}

/** For the e-mails without a letter: what the letter would otherwise give. */
interface AboutApplication {
  firstName: string;
  reference: string;
  trackerUrl: string;
}

export type AssistanceMail =
  | (Recipient &
      AboutApplication & {
        step: 'submitted';
        /** The guarantor chose to keep autopay and plan charges going while it is open. */
        keepPaying: boolean;
        /** Documents marked "send later". */
        documentsToSend: number;
      })
  | (Recipient & AboutApplication & { step: 'in_review' | 'message' })
  | (Recipient & { step: 'need_information'; letter: IncompleteLetter })
  | (Recipient & { step: 'approved'; letter: ApprovalLetter })
  | (Recipient & { step: 'denied'; letter: DenialLetter })
  | (Recipient & { step: 'hold_released'; letter: HoldReleasedLetter })
  | (Recipient & { step: 'collection_notice'; letter: CollectionNoticeLetter });

export type AssistanceMailStep = AssistanceMail['step'];

interface Composed {
  subject: string;
  heading: string;
  blocks: MailBlock[];
}

const paragraph = (text: string): MailBlock => ({ kind: 'paragraph', text });

/** The e-mails that announce a step, with the mail's own greeting. */
function stepContent(
  mail: Extract<AssistanceMail, AboutApplication>,
  words: AssistanceMailMessages,
  mailWords: MailMessages,
): Composed {
  const greeting = paragraph(mailWords.greeting(mail.firstName.trim() || undefined));
  const status = (name: ApplicationStatus) => APPLICATION_STATUS_NAMES[mail.language][name];
  switch (mail.step) {
    case 'submitted':
      return {
        subject: words.subject(mail.reference, status('submitted')),
        heading: words.submitted.heading,
        blocks: [
          greeting,
          paragraph(words.submitted.intro(mail.reference)),
          paragraph(words.submitted.next),
          ...(mail.documentsToSend > 0
            ? [paragraph(words.submitted.documentsLater(mail.documentsToSend))]
            : []),
          paragraph(mail.keepPaying ? words.submitted.holdKeepPaying : words.submitted.holdPaused),
        ],
      };
    case 'in_review':
      return {
        subject: words.subject(mail.reference, status('in_review')),
        heading: words.inReview.heading,
        blocks: [
          greeting,
          paragraph(words.inReview.intro(mail.reference)),
          paragraph(words.inReview.nothingToDo),
        ],
      };
    case 'message':
      return {
        subject: words.subject(mail.reference, words.message.subject),
        heading: words.message.heading,
        blocks: [
          greeting,
          paragraph(words.message.intro(mail.reference)),
          { kind: 'note', text: words.message.privacy },
        ],
      };
  }
}

/** The subject's end and the heading of an e-mail that carries a letter. */
function letterTitle(
  mail: Extract<AssistanceMail, { letter: AssistanceLetter }>,
  words: AssistanceMailMessages,
): { what: string; heading: string } {
  const status = APPLICATION_STATUS_NAMES[mail.language];
  switch (mail.step) {
    case 'need_information':
      return { what: status.need_information, heading: words.needInformation.heading };
    case 'approved':
      return { what: status.approved, heading: words.approved.heading };
    case 'denied':
      return { what: status.denied, heading: words.denied.heading };
    case 'hold_released':
      return { what: words.holdReleased.subject, heading: words.holdReleased.heading };
    case 'collection_notice':
      return { what: words.collectionNotice.subject, heading: words.collectionNotice.heading };
  }
}

/** A short word, then the letter as composed (it greets the guarantor itself). */
function letterContent(
  mail: Extract<AssistanceMail, { letter: AssistanceLetter }>,
  words: AssistanceMailMessages,
): Composed {
  const { what, heading } = letterTitle(mail, words);
  return {
    subject: words.subject(mail.letter.reference, what),
    heading,
    blocks: [
      { kind: 'note', text: words.letterIntro },
      ...composeLetter(mail.letter, mail.language).blocks,
    ],
  };
}

/** The kind a step's e-mail is sent and logged as. */
export function assistanceMailKind(mail: AssistanceMail): OutgoingMail['kind'] {
  return 'letter' in mail ? 'assistance_letter' : 'assistance_update';
}

/** The step's e-mail, rendered in the guarantor's language and ready for the outbox. */
export function assistanceMail(branding: MailBranding, mail: AssistanceMail): OutgoingMail {
  const words = messagesIn(ASSISTANCE_MAIL_MESSAGES, mail.language);
  const trackerUrl = 'letter' in mail ? mail.letter.trackerUrl : mail.trackerUrl;
  const rendered = renderMail(mail.language, branding, (mailWords) => {
    const composed =
      'letter' in mail ? letterContent(mail, words) : stepContent(mail, words, mailWords);
    const button: MailBlock = { kind: 'button', label: words.button, href: trackerUrl };
    return { ...composed, blocks: [...composed.blocks, button] };
  });
  return { kind: assistanceMailKind(mail), to: mail.to, ...rendered };
}

/** What a queued e-mail names, for support's view of a guarantor's mail (mail-outbox.ts). */
export interface AssistanceMailAbout extends Record<string, string> {
  guarantorId: string;
}

/** Builds the application's e-mails and queues them in the transaction of the step that causes them. */
export class AssistanceMailer {
  constructor(
    private readonly mail: { readonly branding: MailBranding },
    private readonly outbox: Pick<MailOutbox, 'queue'>,
  ) {}

  message(mail: AssistanceMail): OutgoingMail {
    return assistanceMail(this.mail.branding, mail);
  }

  async queue(tx: Transaction, mail: AssistanceMail, about: AssistanceMailAbout): Promise<void> {
    const reference = 'letter' in mail ? mail.letter.reference : mail.reference;
    await this.outbox.queue(this.message(mail), { ...about, reference, assistance: mail.step }, tx);
  }
}
