import type { ReactNode } from 'react';
import { LanguageSwitch } from '@/components/language-switch.tsx';
import { Logo } from '@/components/logo.tsx';
import { ThemeSwitch } from '@/components/theme-switch.tsx';
import { useMessages } from '@/lib/messages.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { officeMessages } from './office.messages.ts';

/** The signed-out pages' frame (sign-in, single sign-on, enrolment): one calm card. */
export function OfficeAuthFrame({
  title,
  wide = false,
  children,
}: {
  /** The page's name in the document title. */
  title: string;
  /** Enrolment's QR code and recovery codes need more room than a sign-in form. */
  wide?: boolean;
  children: ReactNode;
}) {
  const t = useMessages(officeMessages);
  useDocumentTitle(t.pageTitle(title));
  return (
    <div className="flex min-h-dvh flex-col bg-background px-4 py-4 sm:px-8">
      <header className="no-print flex items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <Logo alt="" className="size-8" />
          <span className="text-base font-semibold">{t.consoleName}</span>
        </div>
        <div className="flex items-center gap-1">
          <LanguageSwitch />
          <ThemeSwitch />
        </div>
      </header>
      <main
        id="main-content"
        tabIndex={-1}
        className="flex flex-1 items-start justify-center py-8 focus:outline-none sm:items-center"
      >
        <div
          className={`w-full ${wide ? 'max-w-2xl' : 'max-w-md'} rounded-xl border border-border bg-surface p-6 text-surface-foreground shadow-sm sm:p-8`}
        >
          {children}
        </div>
      </main>
    </div>
  );
}
