/**
 * The languages a guarantor can read the portal, the service's messages, the
 * e-mails and the PDFs in (docs/decisions/0013-english-and-spanish.md).
 * English first: it is the default and what SPEC words.
 */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's name in itself, as a language switch shows it. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  es: 'Español',
};

/**
 * The locale amounts and dates are formatted in. es-US, not es-ES: US
 * Spanish readers expect `$1,234.50`, the way their statements print it.
 */
export const LOCALES: Readonly<Record<Language, string>> = {
  en: 'en-US',
  es: 'es-US',
};

/** Where the portal keeps the guarantor's choice in `localStorage`. */
export const LANGUAGE_STORAGE_KEY = 'webpay.language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** `es-MX` → `es`; `*` and unsupported tags → undefined. */
function supportedLanguageOf(tag: string): Language | undefined {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : undefined;
}

interface Preference {
  language: Language;
  quality: number;
  order: number;
}

/** One `Accept-Language` entry (`es-MX;q=0.8`), undefined when unsupported or refused (q=0). */
function preferenceOf(entry: string, order: number): Preference | undefined {
  const [tag = '', ...parameters] = entry.split(';');
  const language = supportedLanguageOf(tag);
  if (!language) return undefined;
  let quality = 1;
  for (const parameter of parameters) {
    const match = /^\s*q\s*=(.*)$/i.exec(parameter);
    // A malformed weight (`q=abc`) cannot be ranked, so the entry is not trusted.
    if (match) quality = /^\s*\d(\.\d{0,3})?\s*$/.test(match[1] ?? '') ? Number(match[1]) : NaN;
  }
  if (!Number.isFinite(quality) || quality <= 0 || quality > 1) return undefined;
  return { language, quality, order };
}

/**
 * The supported language a reader prefers most: from an `Accept-Language`
 * header (q-values honoured, ties in the order given) or from a browser's
 * `navigator.languages`, which lists them best first. English when nothing
 * supported is asked for.
 */
export function pickLanguage(acceptLanguage: string | readonly string[] | undefined): Language {
  if (acceptLanguage === undefined) return DEFAULT_LANGUAGE;
  const entries = typeof acceptLanguage === 'string' ? acceptLanguage.split(',') : acceptLanguage;
  let best: Preference | undefined;
  entries.forEach((entry, order) => {
    const preference = preferenceOf(entry, order);
    if (!preference) return;
    if (
      !best ||
      preference.quality > best.quality ||
      (preference.quality === best.quality && preference.order < best.order)
    ) {
      best = preference;
    }
  });
  return best?.language ?? DEFAULT_LANGUAGE;
}

/**
 * The type of a catalogue's translation: the same keys, any wording. A
 * catalogue is written `as const` in English; its Spanish twin is typed
 * `Translation<typeof ENGLISH>`, so a missing key fails the type check.
 */
export type Translation<T> = T extends string
  ? string
  : T extends (...args: infer A) => string
    ? (...args: A) => string
    : { readonly [K in keyof T]: Translation<T[K]> };

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date and time format in the reader's language, built once per language,
 * time zone and shape and kept: constructing one loads the locale's data,
 * too slow to repeat for every row of a table. Without `timeZone`, the
 * reader's own.
 */
export function dateTimeFormatIn(
  language: Language,
  options: Intl.DateTimeFormatOptions,
  timeZone?: string,
): Intl.DateTimeFormat {
  const key = `${language}|${timeZone ?? ''}|${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALES[language], {
      ...options,
      ...(timeZone ? { timeZone } : {}),
    });
    dateTimeFormats.set(key, format);
  }
  return format;
}

const SHORT_MONTH_DATE: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
};

/**
 * A short-month date in the reader's language: `Nov 3, 2026` (SPEC §1) or
 * `3 nov 2026`. Never all-numeric: es-US would read 3/11 as day/month. A
 * bare `YYYY-MM-DD` is a calendar day, never shifted by the time zone. An
 * instant is written as the day it was in `timeZone` (the facility's, so a
 * payment shows the day the service counts it on), else where it is read.
 */
export function formatDateIn(language: Language, value: string, timeZone?: string): string {
  const isDateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(isDateOnly ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return dateTimeFormatIn(language, SHORT_MONTH_DATE, isDateOnly ? 'UTC' : timeZone).format(date);
}

/**
 * `MST`, `MDT`: the short name a time zone goes by at an instant, as the
 * reader's language writes it, so a time written in the hospital's zone says
 * which zone it is read in. The zone's own id when the runtime has no name.
 */
export function zoneNameIn(language: Language, instant: Date, timeZone: string): string {
  const parts = dateTimeFormatIn(language, { timeZoneName: 'short' }, timeZone).formatToParts(
    instant,
  );
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/*
 * Built on first use, once per language: constructing a number format loads
 * the locale's data, a cost worth paying only on pages that show money.
 */
function memoByLanguage<T>(build: (language: Language) => T): (language: Language) => T {
  const built = new Map<Language, T>();
  return (language) => {
    let value = built.get(language);
    if (value === undefined) {
      value = build(language);
      built.set(language, value);
    }
    return value;
  };
}

const usdFormat = memoByLanguage(
  (language) => new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency: 'USD' }),
);

/** `$1,234.50` in either language: es-US writes dollars as en-US does. */
export function formatUsdIn(language: Language, dollars: number): string {
  return usdFormat(language).format(dollars);
}

const wholeUsdFormat = memoByLanguage(
  (language) =>
    new Intl.NumberFormat(LOCALES[language], {
      style: 'currency',
      currency: 'USD',
      maximumFractionDigits: 0,
    }),
);

/** `$66,000` from integer cents, to the nearest dollar: for figures that are whole dollars. */
export function formatWholeDollarsIn(language: Language, cents: number): string {
  return wholeUsdFormat(language).format(Math.round(cents / 100));
}

/** `$1,234.50` from integer cents. */
export function formatCentsIn(language: Language, cents: number): string {
  return formatUsdIn(language, cents / 100);
}

const listFormat = memoByLanguage(
  (language) => new Intl.ListFormat(LOCALES[language], { style: 'long', type: 'conjunction' }),
);

/** "A, B and C" or "A, B y C". */
export function listIn(language: Language, items: readonly string[]): string {
  return listFormat(language).format(items);
}

/**
 * Where a translation falls short of its English catalogue: keys it lacks
 * and texts that are empty (an entry that is a function is called with
 * sample arguments). The catalogue tests fail on any; `[]` when complete.
 */
export function catalogueGaps(english: unknown, translation: unknown, path = ''): string[] {
  const at = (key: string) => (path ? `${path}.${key}` : key);
  if (typeof english === 'function') {
    if (typeof translation !== 'function') return [path || '(root)'];
    const samples = Array.from({ length: english.length }, () => 2);
    const text: unknown = (translation as (...args: unknown[]) => unknown)(...samples);
    return typeof text === 'string' && text.trim() !== '' ? [] : [path || '(root)'];
  }
  if (typeof english === 'string') {
    return typeof translation === 'string' && translation.trim() !== '' ? [] : [path || '(root)'];
  }
  if (typeof english !== 'object' || english === null) return [];
  if (typeof translation !== 'object' || translation === null) return [path || '(root)'];
  return Object.entries(english).flatMap(([key, value]) =>
    catalogueGaps(value, (translation as Record<string, unknown>)[key], at(key)),
  );
}
