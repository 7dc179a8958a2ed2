import { describe, expect, it } from 'vitest';
import { LETTER_KINDS, type LetterKind } from '@webpay/contracts/assistance-application';
import { catalogueGaps, type Language } from '@webpay/contracts/language';
import {
  catalogueGlossaryViolations,
  glossaryViolations,
} from '@webpay/contracts/spanish-glossary';
import { DEMO_ASSISTANCE_POLICY } from '../demo-policy.ts';
import {
  contactIn,
  type ApprovalLetter,
  type AssistanceLetter,
  type CollectionNoticeLetter,
  type HoldReleasedLetter,
  type LetterBase,
} from './letter-input.ts';
import { LETTER_MESSAGES } from './letter-messages.ts';
import { composeLetter, renderLetter } from './render-letter.ts';

/*
 * Maria's letters under the demo policy: a household of 4 earning $40,000
 * a year is 121% of the 2026 guideline of $33,000, in the free-care tier
 * (up to 200%), with two accounts.
 */

const PORTAL = 'https://pay.example.org/webpay';
const TRACKER = `${PORTAL}/financial-assistance/applications/FA-7K2M9QXD`;
const APPLY = `${PORTAL}/financial-assistance/apply`;
const SUMMARY = `${PORTAL}/financial-assistance#pls`;

function base(language: Language): LetterBase {
  return {
    reference: 'FA-7K2M9QXD',
    firstName: 'María',
    date: '2026-06-02',
    providerName: 'Wasatch Valley Health',
    trackerUrl: TRACKER,
    contact: contactIn(DEMO_ASSISTANCE_POLICY.contact, language),
  };
}

const MARIA_INCOME = {
  householdSize: 4,
  yearlyIncomeCents: 4_000_000,
  guidelineYear: 2026,
  guidelineCents: 3_300_000,
  tier: { upToPercentOfPoverty: 200, discountPercent: 100 },
};

/** What the reviewer writes is written in the guarantor's language. */
const WRITTEN = {
  en: {
    denial: 'Your household income is above 400% of the guideline.',
    items: ['Pay stubs for the last 30 days', 'Your 2025 tax return'],
    override: 'a large medical expense this year',
  },
  es: {
    denial: 'Los ingresos de su hogar superan el 400% de la pauta.',
    items: ['Talones de pago de los últimos 30 días', 'Su declaración de impuestos de 2025'],
    override: 'un gasto médico grande este año',
  },
};

function approval(language: Language): ApprovalLetter {
  return {
    ...base(language),
    kind: 'approval',
    discountPercent: 100,
    basis: { kind: 'income', income: MARIA_INCOME },
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
        serviceDate: '2026-04-14',
        balanceCents: 35_050,
        adjustmentCents: 35_050,
        newBalanceCents: 0,
      },
    ],
    refundCents: 15_000,
    plans: [{ planNumber: 'PP-7K2M9QXD', balanceCents: 0, monthlyCents: 0 }],
  };
}

function holdReleased(language: Language): HoldReleasedLetter {
  return {
    ...base(language),
    kind: 'hold_released',
    date: '2026-07-03',
    reason: { kind: 'information_overdue', dueOn: '2026-07-02' },
    resumes: { autopay: true, planCharges: true },
    applyUrl: APPLY,
    applyBy: '2026-12-20',
  };
}

function collectionNotice(language: Language): CollectionNoticeLetter {
  return {
    ...base(language),
    kind: 'collection_notice',
    balanceCents: 155_050,
    earliestActionOn: '2026-07-02',
    summaryUrl: SUMMARY,
    applyUrl: APPLY,
    applyBy: '2026-12-20',
  };
}

function letterOf(kind: LetterKind, language: Language): AssistanceLetter {
  const written = WRITTEN[language];
  switch (kind) {
    case 'approval':
      return approval(language);
    case 'denial':
      return {
        ...base(language),
        kind,
        reason: written.denial,
        applyUrl: APPLY,
        applyBy: '2026-12-20',
      };
    case 'incomplete':
      return { ...base(language), kind, items: written.items, dueOn: '2026-07-02' };
    case 'hold_released':
      return holdReleased(language);
    case 'collection_notice':
      return collectionNotice(language);
  }
}

/** Words only English says: a Spanish letter holding one has English left in it. */
const ENGLISH_WORDS = new Set(
  (
    'the and your you we our will with this that have has was is are of to by at or if it be ' +
    'please from when what who account accounts balance balances payment payments application ' +
    'approved denied review days amount income household guideline poverty discount refund new ' +
    'free care hello dear sincerely questions call phone hours hold notice email pending taken ' +
    'off date reason apply send sent'
  ).split(' '),
);

/** The figures and names a letter quotes as given, in whatever language they are. */
function quoted(letter: AssistanceLetter): string[] {
  return [letter.contact.mailingAddress, letter.providerName, TRACKER, APPLY, SUMMARY];
}

function englishIn(text: string, quotedParts: readonly string[]): string[] {
  const own = quotedParts.reduce((rest, part) => rest.replaceAll(part, ' '), text);
  return (own.match(/\p{L}+/gu) ?? []).filter((word) => ENGLISH_WORDS.has(word.toLowerCase()));
}

/** What an unfilled template leaves behind. */
const PLACEHOLDER = /\b(undefined|null|NaN|TODO|XXX|Lorem)\b|\[object|\$\{|[{}]/;

/**
 * The Flesch-Kincaid grade of a letter's sentences, syllables counted by
 * vowel groups: rough, but it tells an 8th-grade text from a lawyer's.
 */
function readingGrade(letter: AssistanceLetter): number {
  const prose = composeLetter(letter, 'en')
    .blocks.flatMap((block) => (block.kind === 'paragraph' ? [block.text] : []))
    .join('\n')
    .replace(/https?:\/\/\S+/g, '');
  const sentences = prose.split(/[.!?:]+(?:\s|$)/).filter((sentence) => /[a-z]/i.test(sentence));
  const words = prose.match(/[a-z]+/gi) ?? [];
  const syllables = words.reduce(
    (total, word) =>
      total +
      Math.max(
        1,
        (
          word
            .toLowerCase()
            .replace(/e$/, '')
            .match(/[aeiouy]+/g) ?? []
        ).length,
      ),
    0,
  );
  return 0.39 * (words.length / sentences.length) + 11.8 * (syllables / words.length) - 15.59;
}

describe.each(LETTER_KINDS)('the %s letter', (kind) => {
  it.each(['en', 'es'] as const)(
    'is whole in %s: no placeholder, contact and reference given',
    (language) => {
      const letter = letterOf(kind, language);
      const { subject, body } = renderLetter(letter, language);
      for (const part of [subject, body]) expect(part).not.toMatch(PLACEHOLDER);
      expect(subject).toContain('FA-7K2M9QXD');
      expect(body).toContain('FA-7K2M9QXD');
      expect(body).toContain('María');
      expect(body).toContain('(801) 555-0142');
      expect(body).toContain('1200 Canyon Road, Provo, UT 84604');
      expect(body).toContain(DEMO_ASSISTANCE_POLICY.contact.hours[language]);
      expect(body).toContain(DEMO_ASSISTANCE_POLICY.contact.inPerson[language]);
      expect(body).toContain('Wasatch Valley Health');
    },
  );

  it('leaves no English in Spanish and follows the glossary', () => {
    const letter = letterOf(kind, 'es');
    const { subject, body } = renderLetter(letter, 'es');
    expect(englishIn(`${subject}\n${body}`, quoted(letter))).toEqual([]);
    // The check itself finds English where there is some.
    const english = letterOf(kind, 'en');
    expect(englishIn(renderLetter(english, 'en').body, quoted(english))).not.toEqual([]);
    expect(glossaryViolations(`${subject}\n${body}`).map(({ found }) => found)).toEqual([]);
  });

  it('reads at about an 8th-grade level in English', () => {
    expect(readingGrade(letterOf(kind, 'en'))).toBeLessThanOrEqual(8);
  });
});

describe('the approval letter', () => {
  it('gives the discount, how it was computed, each account and the totals', () => {
    const { subject, body } = renderLetter(approval('en'), 'en');
    expect(subject).toBe('Your financial assistance is approved (FA-7K2M9QXD)');
    expect(body).toContain('We took 100% off what you owed.');
    expect(body).toContain('your household has 4 people and earns $40,000.00 a year.');
    expect(body).toContain(
      'The 2026 federal poverty guideline for 4 people is $33,000.00. Your income is 121% of that guideline.',
    );
    expect(body).toContain('a 100% discount when income is at or below 200% of the guideline.');
    expect(body).toContain(
      'Account: 107-40010001\nDate of service: Mar 3, 2026\nBalance: $1,200.00\nTaken off: $1,200.00\nNew balance: $0.00',
    );
    expect(body).toContain(
      'Account: 107-40010002\nDate of service: Apr 14, 2026\nBalance: $350.50\nTaken off: $350.50\nNew balance: $0.00',
    );
    expect(body).toContain(
      'Total balance: $1,550.50\nTotal taken off: $1,550.50\nTotal new balance: $0.00',
    );
    expect(body).toContain('We will refund $150.00 to you.');
    expect(body).toContain('Your payment plan PP-7K2M9QXD is now paid in full.');
    expect(body).toContain('show as pending until our billing system confirms them');
  });

  it('says the same in Spanish, with "en proceso" for pending', () => {
    const { subject, body } = renderLetter(approval('es'), 'es');
    expect(subject).toBe('Su asistencia financiera fue aprobada (FA-7K2M9QXD)');
    expect(body).toContain('Descontamos el 100% de lo que debía.');
    expect(body).toContain('en su hogar viven 4 personas');
    expect(body).toContain('$40,000.00 al año');
    expect(body).toContain('La pauta federal de pobreza de 2026 para 4 personas es de $33,000.00.');
    expect(body).toContain('Sus ingresos son el 121% de esa pauta.');
    expect(body).toContain('iguales o inferiores al 200% de la pauta');
    expect(body).toContain(
      'Cuenta: 107-40010001\nFecha del servicio: 3 mar 2026\nSaldo: $1,200.00\nDescontado: $1,200.00\nSaldo nuevo: $0.00',
    );
    expect(body).toContain('Cuenta: 107-40010002\nFecha del servicio: 14 abr 2026\nSaldo: $350.50');
    expect(body).toContain(
      'Saldo total: $1,550.50\nTotal descontado: $1,550.50\nSaldo nuevo total: $0.00',
    );
    expect(body).toContain('Le reembolsaremos $150.00.');
    expect(body).toContain('Su plan de pagos PP-7K2M9QXD ya está pagado por completo.');
    expect(body).toContain('aparecen como en proceso hasta que nuestro sistema de facturación');
  });

  it('leaves out the refund when nothing was overpaid, and tells a plan recalculated', () => {
    const { body } = renderLetter(
      {
        ...approval('en'),
        discountPercent: 75,
        basis: {
          kind: 'income',
          income: {
            ...MARIA_INCOME,
            yearlyIncomeCents: 8_250_000,
            tier: { upToPercentOfPoverty: 300, discountPercent: 75 },
          },
        },
        refundCents: 0,
        plans: [{ planNumber: 'PP-7K2M9QXD', balanceCents: 30_000, monthlyCents: 5_000 }],
      },
      'en',
    );
    expect(body).toContain('You get a 75% discount.');
    expect(body).toContain('earns $82,500.00 a year');
    expect(body).toContain('Your income is 250% of that guideline.');
    expect(body).toContain('a 75% discount when income is at or below 300%');
    expect(body).not.toContain('refund');
    expect(body).toContain(
      'We recalculated your payment plan PP-7K2M9QXD: $300.00 is left, at $50.00 a month.',
    );
  });

  it('names a presumptive category instead of the income', () => {
    for (const language of ['en', 'es'] as const) {
      const { body } = renderLetter(
        { ...approval(language), basis: { kind: 'presumptive', category: 'snap' } },
        language,
      );
      expect(body).toContain('SNAP');
      expect(body).not.toContain('$40,000.00');
      expect(body).toMatch(language === 'en' ? /without|did not need/ : /No fue necesario/);
    }
  });

  it('gives an override with its reason, after the figures it overrode', () => {
    for (const language of ['en', 'es'] as const) {
      const reason = WRITTEN[language].override;
      const { body } = renderLetter(
        {
          ...approval(language),
          discountPercent: 100,
          basis: {
            kind: 'override',
            reason,
            income: { ...MARIA_INCOME, yearlyIncomeCents: 14_850_000, tier: null },
          },
        },
        language,
      );
      expect(body).toContain('450%');
      expect(body).toContain(reason);
      expect(body.indexOf('450%')).toBeLessThan(body.indexOf(reason));
    }
  });
});

describe('the denial letter', () => {
  it.each(['en', 'es'] as const)(
    'gives the reason, how and until when to reapply (%s)',
    (language) => {
      const { body } = renderLetter(letterOf('denial', language), language);
      expect(body).toContain(WRITTEN[language].denial);
      expect(body).toContain(language === 'en' ? 'until Dec 20, 2026' : 'hasta el 20 dic 2026');
      expect(body).toContain(APPLY);
      // The 30-day notice is a letter of its own.
      expect(body).not.toMatch(/30 (days|días)/);
    },
  );
});

describe('the incomplete letter', () => {
  it.each(['en', 'es'] as const)(
    'lists the items, the due date, the tracker and what follows (%s)',
    (language) => {
      const { body } = renderLetter(letterOf('incomplete', language), language);
      for (const item of WRITTEN[language].items) expect(body).toContain(`• ${item}`);
      expect(body).toContain(language === 'en' ? 'by Jul 2, 2026' : 'a más tardar el 2 jul 2026');
      expect(body).toContain(TRACKER);
      expect(body).toMatch(language === 'en' ? /hold on your account ends/ : /terminará la pausa/);
      expect(body).toMatch(language === 'en' ? /sent to collections/ : /enviarse a cobranza/);
    },
  );
});

describe('the hold-released letter', () => {
  it('says why it lifted and what starts again', () => {
    const overdue = renderLetter(holdReleased('en'), 'en').body;
    expect(overdue).toContain('more information by Jul 2, 2026, and we did not get it');
    expect(overdue).toContain('ended on Jul 3, 2026');
    expect(overdue).toContain('• Automatic payments (autopay)');
    expect(overdue).toContain('• Payments on your payment plan');
    expect(overdue).toContain('• Statements and payment reminders.');
    expect(overdue).toContain(TRACKER);
    const denied = renderLetter(
      {
        ...holdReleased('es'),
        reason: { kind: 'denied' },
        resumes: { autopay: false, planCharges: false },
      },
      'es',
    ).body;
    expect(denied).toContain('Denegamos su solicitud');
    expect(denied).toContain('terminó el 3 jul 2026');
    expect(denied).not.toContain('pagos automáticos');
    expect(denied).toContain('• Los estados de cuenta y los recordatorios de pago.');
    expect(denied).not.toContain(TRACKER);
  });
});

describe('the collection notice', () => {
  it.each(['en', 'es'] as const)(
    'gives the 30-day date, the actions, the summary and how to apply (%s)',
    (language) => {
      const { body } = renderLetter(letterOf('collection_notice', language), language);
      expect(body).toContain('$1,550.50');
      expect(body).toContain(language === 'en' ? 'before Jul 2, 2026' : 'antes del 2 jul 2026');
      expect(body).toMatch(
        language === 'en' ? /at least 30 days after/ : /al menos 30 días después/,
      );
      expect(body).toMatch(language === 'en' ? /credit agency/ : /agencia de crédito/);
      expect(body).toMatch(language === 'en' ? /Sell your debt/ : /Vender su deuda/);
      expect(body).toMatch(language === 'en' ? /legal action/ : /acciones legales/);
      expect(body).toMatch(
        language === 'en'
          ? /Financial assistance is available/
          : /Hay asistencia financiera disponible/,
      );
      expect(body).toContain(SUMMARY);
      expect(body).toContain(APPLY);
    },
  );

  it('refuses a date sooner than 30 days after the notice', () => {
    const letter = { ...collectionNotice('en'), earliestActionOn: '2026-07-01' };
    expect(() => renderLetter(letter, 'en')).toThrow(RangeError);
  });
});

describe('the letters catalogue', () => {
  it('has every English text in Spanish, in the glossary terms', () => {
    expect(catalogueGaps(LETTER_MESSAGES.en, LETTER_MESSAGES.es)).toEqual([]);
    expect(catalogueGlossaryViolations(LETTER_MESSAGES.es)).toEqual([]);
  });
});
