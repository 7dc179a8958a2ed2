import { Languages } from 'lucide-react';
import { LANGUAGE_NAMES, type Language } from '@webpay/contracts/language';
import { saveLanguage } from '@/lib/save-language.ts';
import { chooseLanguage, useLanguage } from '@/lib/language.ts';
import { useSession } from '@/lib/session.ts';
import { cn } from '@/lib/utils.ts';
import { Button } from './ui/button.tsx';

const OTHER: Readonly<Record<Language, Language>> = { en: 'es', es: 'en' };

/**
 * The header's language switch: names the other language in itself
 * ("Español" on English screens), marked with its `lang` so a screen reader
 * says it in the right voice. The page changes at once, keeps what was typed,
 * and remembers the choice; a signed-in guarantor's account remembers it too.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const language = useLanguage();
  const session = useSession();
  const other = OTHER[language];
  const switchLanguage = () => {
    chooseLanguage(other);
    // The screens have already changed; the account's copy only words later e-mails.
    if (session) void saveLanguage(other);
  };
  return (
    <Button
      variant="ghost"
      className={cn('px-2 sm:px-3', className)}
      lang={other}
      onClick={switchLanguage}
    >
      <Languages aria-hidden="true" />
      {LANGUAGE_NAMES[other]}
    </Button>
  );
}
