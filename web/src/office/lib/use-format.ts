import { useMemo } from 'react';
import { formatCentsIn, formatDateIn, formatUsdIn } from '@webpay/contracts/language';
import { toCents } from '@webpay/contracts/money';
import { useLanguage } from '@/lib/language.ts';

const LOCALES = { en: 'en-US', es: 'es-US' } as const;

/**
 * The console's figures and dates in the reader's language, by the portal's
 * own formatting: money as the guarantor sees it, days never all-numeric.
 */
export function useFormat() {
  const language = useLanguage();
  return useMemo(() => {
    const time = new Intl.DateTimeFormat(LOCALES[language], {
      hour: 'numeric',
      minute: '2-digit',
    });
    return {
      cents: (cents: number) => formatCentsIn(language, cents),
      /** Dollar amounts of the billing feed, counted in cents first so they read exactly. */
      dollars: (dollars: number) => formatUsdIn(language, toCents(dollars) / 100),
      date: (value: string) => formatDateIn(language, value),
      dateTime: (value: string) =>
        `${formatDateIn(language, value)} ${time.format(new Date(value))}`,
    };
  }, [language]);
}
