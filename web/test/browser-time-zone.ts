import { vi } from 'vitest';

/**
 * Reads the page as a browser whose clock is set to `timeZone`: every date
 * format made without a zone of its own, and `resolvedOptions()`, use it.
 * The runtime's own zone cannot change inside a test worker (TZ is read
 * once), so the formats are what is changed. Undone after each test
 * (test/setup.ts unstubs every global).
 */
export function browserInTimeZone(timeZone: string): void {
  const Native = Intl.DateTimeFormat;
  function BrowserDateTimeFormat(
    locales?: string | readonly string[],
    options?: Intl.DateTimeFormatOptions,
  ): Intl.DateTimeFormat {
    return new Native(locales as string | string[] | undefined, {
      ...options,
      timeZone: options?.timeZone ?? timeZone,
    });
  }
  BrowserDateTimeFormat.prototype = Native.prototype;
  BrowserDateTimeFormat.supportedLocalesOf = Native.supportedLocalesOf.bind(Native);
  vi.stubGlobal(
    'Intl',
    Object.create(Intl, { DateTimeFormat: { value: BrowserDateTimeFormat } }) as typeof Intl,
  );
}
