import { renderToStaticMarkup } from 'react-dom/server';
import { LANGUAGES } from '@webpay/contracts/language';
import { uiMessages } from '@/components/common.messages.ts';
import { FullScreenSpinner } from '@/components/full-screen-spinner.tsx';
import { DEFAULT_BRANDING } from '@/config/constants.ts';
import { messagesIn } from '@/lib/messages.ts';

/*
 * What the portal's HTML shows before any script has run (issue #26): SPEC
 * §2's full-screen spinner with the logo, the very screen the app shows
 * first, so the page paints at once and the app's first render changes
 * nothing a reader can see. The build renders it into index.html
 * (web/build-tools/first-paint.ts); the service puts the configured logo
 * and portal name in. The language is not known before the script runs, so
 * a screen reader is told "Loading" in each, marked as such.
 */
export function firstPaintMarkup(): string {
  const label = LANGUAGES.map((language) => (
    <span key={language} lang={language}>
      {messagesIn(uiMessages, language).loading}{' '}
    </span>
  ));
  return renderToStaticMarkup(
    <FullScreenSpinner
      portalName={DEFAULT_BRANDING.portalName}
      logoUrl={DEFAULT_BRANDING.logoUrl}
      label={label}
    />,
  );
}
