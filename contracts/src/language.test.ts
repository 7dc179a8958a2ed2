import { describe, expect, it } from 'vitest';
import { formatDate } from './dates.ts';
import { formatCents } from './money.ts';
import {
  DEFAULT_LANGUAGE,
  formatWholeDollarsIn,
  formatCentsIn,
  formatDateIn,
  formatUsdIn,
  LANGUAGE_NAMES,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  LOCALES,
  isLanguage,
  listIn,
  pickLanguage,
  zoneNameIn,
} from './language.ts';
import { languageSchema } from './language-change.ts';

describe('languages (decision 0013)', () => {
  it('lists English first as the default, then Spanish', () => {
    expect(LANGUAGES).toEqual(['en', 'es']);
    expect(DEFAULT_LANGUAGE).toBe('en');
  });

  it('names each language in itself and formats it in its US locale', () => {
    expect(LANGUAGE_NAMES).toEqual({ en: 'English', es: 'Español' });
    expect(LOCALES).toEqual({ en: 'en-US', es: 'es-US' });
    expect(LANGUAGE_STORAGE_KEY).toBe('webpay.language');
  });

  it('accepts only the supported codes', () => {
    expect(languageSchema.parse('es')).toBe('es');
    expect(languageSchema.safeParse('fr').success).toBe(false);
    expect(languageSchema.safeParse('ES').success).toBe(false);
    expect(isLanguage('en')).toBe(true);
    expect(isLanguage('es-MX')).toBe(false);
  });

  it('formats es-US dollars as en-US does and dates with a short month', () => {
    const amount = { style: 'currency', currency: 'USD' } as const;
    expect(new Intl.NumberFormat(LOCALES.es, amount).format(1234.5)).toBe('$1,234.50');
    expect(new Intl.NumberFormat(LOCALES.en, amount).format(1234.5)).toBe('$1,234.50');
  });
});

describe('pickLanguage', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['es', 'es'],
    ['es-MX', 'es'],
    ['ES-us', 'es'],
    ['es_419', 'es'],
    ['en-GB', 'en'],
    ['fr-FR', 'en'],
    ['*', 'en'],
    ['fr, es;q=0.5, en;q=0.4', 'es'],
    ['en;q=0.8, es', 'es'],
    ['en, es', 'en'],
    ['es;q=0.9, en;q=0.9', 'es'],
    ['es;q=0, en;q=0.1', 'en'],
    ['es;q=0', 'en'],
    ['es;q=abc, en;q=0.5', 'en'],
    ['es-MX,es;q=0.9,en-US;q=0.8,en;q=0.7', 'es'],
    [' es-419 ; q=1.0 , en ; q=0.9', 'es'],
  ] as const)('reads Accept-Language %j as %s', (header, expected) => {
    expect(pickLanguage(header)).toBe(expected);
  });

  it('takes a browser language list best first', () => {
    expect(pickLanguage(['es-US', 'en-US'])).toBe('es');
    expect(pickLanguage(['de-DE', 'en-US', 'es'])).toBe('en');
    expect(pickLanguage(['de-DE', 'es-419'])).toBe('es');
    expect(pickLanguage(['pt-BR'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
  });
});

describe('amounts and dates per language', () => {
  it('keeps SPEC’s English formats', () => {
    expect(formatDateIn('en', '2026-11-03')).toBe(formatDate('2026-11-03'));
    expect(formatDateIn('en', '2026-11-03')).toBe('Nov 3, 2026');
    expect(formatDateIn('en', '2026-11-03T15:04:05.000Z')).toBe(
      formatDate('2026-11-03T15:04:05.000Z'),
    );
    expect(formatCentsIn('en', 123450)).toBe(formatCents(123450));
    expect(formatUsdIn('en', 0)).toBe('$0.00');
  });

  it('writes Spanish dates day first with a short month, and the same dollars', () => {
    expect(formatDateIn('es', '2026-11-03')).toBe('3 nov 2026');
    expect(formatDateIn('es', '2026-01-31')).toBe('31 ene 2026');
    expect(formatCentsIn('es', 123450)).toBe('$1,234.50');
    expect(formatUsdIn('es', 1234567.8)).toBe('$1,234,567.80');
  });

  it('leaves a value that is not a date as it is', () => {
    expect(formatDateIn('es', 'soon')).toBe('soon');
  });

  it("writes an instant as its day in the facility's zone, a bare date as it is", () => {
    // 06:30 UTC on Nov 25 is 11:30 PM on Nov 24 in Denver, 7:30 PM on Nov 25 in Auckland.
    expect(formatDateIn('en', '2026-11-25T06:30:00.000Z', 'America/Denver')).toBe('Nov 24, 2026');
    expect(formatDateIn('es', '2026-11-25T06:30:00.000Z', 'America/Denver')).toBe('24 nov 2026');
    expect(formatDateIn('en', '2026-11-25T06:30:00.000Z', 'Pacific/Auckland')).toBe('Nov 25, 2026');
    expect(formatDateIn('en', '2026-11-25', 'America/Denver')).toBe('Nov 25, 2026');
  });
});

describe('zoneNameIn', () => {
  it('names the zone as it goes at that instant, in either language', () => {
    // Denver keeps standard time in November and daylight time in July.
    const november = new Date('2026-11-25T06:30:00.000Z');
    const july = new Date('2026-07-15T19:42:00.000Z');
    expect(zoneNameIn('en', november, 'America/Denver')).toBe('MST');
    expect(zoneNameIn('en', july, 'America/Denver')).toBe('MDT');
    expect(zoneNameIn('es', november, 'America/Denver')).toBe('MST');
    expect(zoneNameIn('es', july, 'America/New_York')).toBe('EDT');
  });
});

describe('formatWholeDollarsIn', () => {
  it('writes whole dollars without cents, in either language', () => {
    expect(formatWholeDollarsIn('en', 6_600_000)).toBe('$66,000');
    expect(formatWholeDollarsIn('es', 22_288_000)).toBe('$222,880');
  });
});

describe('listIn', () => {
  it('joins items as each language writes a list', () => {
    expect(listIn('en', ['Plan PP-1'])).toBe('Plan PP-1');
    expect(listIn('en', ['Plan PP-1', 'Plan PP-2', 'Plan PP-3'])).toBe(
      'Plan PP-1, Plan PP-2, and Plan PP-3',
    );
    expect(listIn('es', ['Plan PP-1', 'Plan PP-2'])).toBe('Plan PP-1 y Plan PP-2');
  });
});
