import { describe, expect, it } from 'vitest';
import { APPLICATION_STATUS_NAMES } from '@webpay/contracts/assistance-application';
import type { Language } from '@webpay/contracts/language';
import { catalogueGaps } from '@webpay/contracts/language';
import {
  catalogueGlossaryViolations,
  glossaryViolations,
} from '@webpay/contracts/spanish-glossary';
import type { OutgoingMail } from '../../mail/index.ts';
import { DEMO_ASSISTANCE_POLICY } from '../demo-policy.ts';
import { ASSISTANCE_MAIL_MESSAGES } from './assistance-mail-messages.ts';
import {
  AssistanceMailer,
  assistanceMail,
  type AssistanceMail,
  type AssistanceMailStep,
} from './assistance-mail.ts';
import { contactIn, type AssistanceLetter, type LetterBase } from './letter-input.ts';
import { renderLetter } from './render-letter.ts';

const branding = {
  providerName: 'Wasatch Valley Health',
  portalName: 'WebPay',
  supportEmail: 'billing@wasatchvalleyhealth.example',
  supportPhone: '(801) 555-0100',
  accentColor: '#0f766e',
};
const TRACKER = 'https://pay.example.org/webpay/financial-assistance/applications/FA-7K2M9QXD';
const APPLY = 'https://pay.example.org/webpay/financial-assistance/apply';
const SUMMARY = 'https://pay.example.org/webpay/financial-assistance#pls';
const ADDRESS = DEMO_ASSISTANCE_POLICY.contact.mailingAddress;

function letterBase(language: Language): LetterBase {
  return {
    reference: 'FA-7K2M9QXD',
    firstName: 'María',
    date: '2026-06-02',
    providerName: branding.providerName,
    trackerUrl: TRACKER,
    contact: contactIn(DEMO_ASSISTANCE_POLICY.contact, language),
  };
}

/** Maria under the demo policy: 4 people, $40,000 a year, 121% of the 2026 guideline of $33,000. */
function letters(language: Language) {
  const base = letterBase(language);
  const later = { applyUrl: APPLY, applyBy: '2026-12-20' };
  return {
    approved: {
      ...base,
      kind: 'approval',
      discountPercent: 100,
      basis: {
        kind: 'income',
        income: {
          householdSize: 4,
          yearlyIncomeCents: 4_000_000,
          guidelineYear: 2026,
          guidelineCents: 3_300_000,
          tier: { upToPercentOfPoverty: 200, discountPercent: 100 },
        },
      },
      accounts: [
        {
          accountNumber: '107-40010001',
          serviceDate: '2026-03-03',
          balanceCents: 120_000,
          adjustmentCents: 120_000,
          newBalanceCents: 0,
        },
        {
          accountNumber: '107-40010002',
          serviceDate: null,
          balanceCents: 35_050,
          adjustmentCents: 35_050,
          newBalanceCents: 0,
        },
      ],
      refundCents: 15_000,
      plans: [],
    },
    denied: {
      ...base,
      ...later,
      kind: 'denial',
      reason:
        language === 'en'
          ? 'Your household income is above 400% of the guideline.'
          : 'Los ingresos de su hogar superan el 400% de la pauta.',
    },
    need_information: {
      ...base,
      kind: 'incomplete',
      items: [language === 'en' ? 'Your 2025 tax return' : 'Su declaración de impuestos de 2025'],
      dueOn: '2026-07-02',
    },
    hold_released: {
      ...base,
      ...later,
      kind: 'hold_released',
      reason: { kind: 'denied' },
      resumes: { autopay: true, planCharges: false },
    },
    collection_notice: {
      ...base,
      ...later,
      kind: 'collection_notice',
      balanceCents: 155_050,
      earliestActionOn: '2026-07-02',
      summaryUrl: SUMMARY,
    },
  } satisfies Record<string, AssistanceLetter>;
}

function mailOf(step: AssistanceMailStep, language: Language): AssistanceMail {
  const recipient = { to: 'maria@example.com', language };
  const about = { firstName: 'María', reference: 'FA-7K2M9QXD', trackerUrl: TRACKER };
  switch (step) {
    case 'submitted':
      return { ...recipient, ...about, step, keepPaying: false, documentsToSend: 2 };
    case 'in_review':
    case 'message':
      return { ...recipient, ...about, step };
    case 'need_information':
      return { ...recipient, step, letter: letters(language).need_information };
    case 'approved':
      return { ...recipient, step, letter: letters(language).approved };
    case 'denied':
      return { ...recipient, step, letter: letters(language).denied };
    case 'hold_released':
      return { ...recipient, step, letter: letters(language).hold_released };
    case 'collection_notice':
      return { ...recipient, step, letter: letters(language).collection_notice };
  }
}

const STEPS: readonly AssistanceMailStep[] = [
  'submitted',
  'in_review',
  'need_information',
  'message',
  'approved',
  'denied',
  'hold_released',
  'collection_notice',
];
const STATUS_STEPS = ['submitted', 'in_review', 'need_information', 'approved', 'denied'] as const;

const ENGLISH_WORDS = new Set(
  (
    'the and your you we our will with this that have has was is are of to by at or if it be ' +
    'please from when what who account balance payment payments application approved denied ' +
    'review days amount income household guideline poverty discount refund new free care hello ' +
    'dear sincerely questions call phone hours hold notice email pending message open submitted'
  ).split(' '),
);

/** English words in `text` once the names, addresses and links it quotes are set aside. */
function englishIn(text: string): string[] {
  const quoted = [ADDRESS, branding.providerName, branding.supportEmail, TRACKER, APPLY, SUMMARY];
  const own = quoted.reduce((rest, part) => rest.replaceAll(part, ' '), text);
  return (own.match(/\p{L}+/gu) ?? []).filter((word) => ENGLISH_WORDS.has(word.toLowerCase()));
}

const PLACEHOLDER = /\b(undefined|null|NaN|TODO|XXX|Lorem)\b|\[object|\$\{|[{}]/;

describe.each(STEPS)('the %s e-mail', (step) => {
  it.each(['en', 'es'] as const)('is whole in %s, with a button to the application', (language) => {
    const mail = assistanceMail(branding, mailOf(step, language));
    expect(mail.language).toBe(language);
    expect(mail.to).toBe('maria@example.com');
    expect(mail.kind).toBe(
      'letter' in mailOf(step, language) ? 'assistance_letter' : 'assistance_update',
    );
    expect(mail.subject).toContain('FA-7K2M9QXD');
    for (const part of [mail.subject, mail.text]) expect(part).not.toMatch(PLACEHOLDER);
    expect(mail.html).toContain(`<html lang="${language}">`);
    expect(mail.html).toContain(`href="${TRACKER}"`);
    const button = language === 'en' ? 'Open your application' : 'Abrir su solicitud';
    expect(mail.text).toContain(`${button}:\n${TRACKER}`);
    expect(mail.html).toContain(`>${button}</a>`);
  });

  it('leaves no English in Spanish and follows the glossary', () => {
    const mail = assistanceMail(branding, mailOf(step, 'es'));
    expect(englishIn(`${mail.subject}\n${mail.text}`)).toEqual([]);
    expect(glossaryViolations(`${mail.subject}\n${mail.text}`).map(({ found }) => found)).toEqual(
      [],
    );
    // The check itself finds English where there is some.
    expect(englishIn(assistanceMail(branding, mailOf(step, 'en')).text)).not.toEqual([]);
  });
});

describe('the status e-mails', () => {
  it.each(STATUS_STEPS)('name the status by its pinned name (%s)', (step) => {
    for (const language of ['en', 'es'] as const) {
      const mail = assistanceMail(branding, mailOf(step, language));
      const prefix = language === 'en' ? 'Financial assistance' : 'Asistencia financiera';
      expect(mail.subject).toBe(
        `${prefix} FA-7K2M9QXD: ${APPLICATION_STATUS_NAMES[language][step]}`,
      );
    }
  });

  it('the submitted one gives the reference, what comes next and the hold', () => {
    const paused = assistanceMail(branding, mailOf('submitted', 'en'));
    expect(paused.subject).toBe('Financial assistance FA-7K2M9QXD: Submitted');
    expect(paused.text).toContain('Hello María,');
    expect(paused.text).toContain('Your reference number is FA-7K2M9QXD.');
    expect(paused.text).toContain('What happens next:');
    expect(paused.text).toContain('You chose to send 2 documents later.');
    expect(paused.text).toContain('we put a hold on your account');
    expect(paused.text).toContain('We also pause your automatic payments');
    const keeping = assistanceMail(branding, {
      ...mailOf('submitted', 'es'),
      keepPaying: true,
      documentsToSend: 0,
    } as AssistanceMail);
    expect(keeping.subject).toBe('Asistencia financiera FA-7K2M9QXD: Enviada');
    expect(keeping.text).toContain('Usted eligió seguir pagando');
    expect(keeping.text).not.toContain('más tarde');
  });
});

describe('the e-mails that carry a letter', () => {
  it.each([
    'need_information',
    'approved',
    'denied',
    'hold_released',
    'collection_notice',
  ] as const)('hold the letter as kept, word for word (%s)', (step) => {
    for (const language of ['en', 'es'] as const) {
      const letter = letters(language)[step];
      const mail = assistanceMail(branding, mailOf(step, language));
      expect(mail.kind).toBe('assistance_letter');
      expect(mail.text).toContain(renderLetter(letter, language).body);
    }
  });

  it('the approval gives the figures of the decision in both languages', () => {
    const en = assistanceMail(branding, mailOf('approved', 'en'));
    const es = assistanceMail(branding, mailOf('approved', 'es'));
    for (const part of [en.text, en.html, es.text, es.html]) {
      for (const figure of ['100%', '$40,000.00', '$33,000.00', '121%', '200%', '2026']) {
        expect(part).toContain(figure);
      }
      for (const figure of ['107-40010001', '$1,200.00', '107-40010002', '$350.50', '$1,550.50']) {
        expect(part).toContain(figure);
      }
      expect(part).toContain('$150.00');
    }
    expect(en.text).toContain('4 people');
    expect(es.text).toContain('4 personas');
  });

  it('the hold and notice e-mails say what they are in the subject', () => {
    expect(assistanceMail(branding, mailOf('hold_released', 'en')).subject).toBe(
      'Financial assistance FA-7K2M9QXD: The hold on your account has ended',
    );
    expect(assistanceMail(branding, mailOf('collection_notice', 'es')).subject).toBe(
      'Asistencia financiera FA-7K2M9QXD: Aviso importante sobre su saldo',
    );
  });
});

describe('the new-message e-mail', () => {
  it('only announces the message: its words and the guarantor’s data stay in the portal', () => {
    const secret =
      'Your March pay stub shows $2,310.00 from Valley Foods; your visit on 107-40010001';
    // Even handed the message and the accounts, it has no place to put them.
    const handed = {
      ...mailOf('message', 'en'),
      text: secret,
      accounts: letters('en').approved.accounts,
    };
    for (const language of ['en', 'es'] as const) {
      const mail = assistanceMail(branding, { ...handed, language } as AssistanceMail);
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part).not.toContain(secret);
        expect(part).not.toMatch(/pay stub|Valley Foods|107-4001|\$\d/);
      }
      expect(mail.text).toContain(
        language === 'en'
          ? 'You have a new message about your application FA-7K2M9QXD. Please read it in the portal.'
          : 'Tiene un mensaje nuevo sobre su solicitud FA-7K2M9QXD. Léalo en el portal.',
      );
    }
    expect(assistanceMail(branding, mailOf('message', 'en')).subject).toBe(
      'Financial assistance FA-7K2M9QXD: New message',
    );
  });
});

describe('AssistanceMailer', () => {
  it('queues the e-mail in the caller’s transaction, naming the guarantor, application and step', async () => {
    const queued: { mail: OutgoingMail; about: Record<string, string>; tx: unknown }[] = [];
    const mailer = new AssistanceMailer(
      { branding },
      {
        queue: (mail, about = {}, tx) => {
          queued.push({ mail, about, tx });
          return Promise.resolve('<id@example>');
        },
      },
    );
    const tx = {} as Parameters<AssistanceMailer['queue']>[0];
    await mailer.queue(tx, mailOf('approved', 'es'), { guarantorId: 'g-1' });
    expect(queued).toHaveLength(1);
    expect(queued[0]?.tx).toBe(tx);
    expect(queued[0]?.about).toEqual({
      guarantorId: 'g-1',
      reference: 'FA-7K2M9QXD',
      assistance: 'approved',
    });
    expect(queued[0]?.mail.subject).toBe('Asistencia financiera FA-7K2M9QXD: Aprobada');
  });
});

describe('the e-mails catalogue', () => {
  it('has every English text in Spanish, in the glossary terms', () => {
    expect(catalogueGaps(ASSISTANCE_MAIL_MESSAGES.en, ASSISTANCE_MAIL_MESSAGES.es)).toEqual([]);
    expect(catalogueGlossaryViolations(ASSISTANCE_MAIL_MESSAGES.es)).toEqual([]);
  });
});
