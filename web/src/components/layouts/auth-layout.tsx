import type { ReactNode } from 'react';
import { Clock, CreditCard, ShieldCheck } from 'lucide-react';
import { Logo } from '@/components/logo.tsx';
import { LanguageSwitch } from '@/components/language-switch.tsx';
import { ThemeSwitch } from '@/components/theme-switch.tsx';
import { useMessages } from '@/lib/messages.ts';
import { layoutMessages } from './layouts.messages.ts';

const PROMO_ICONS = [ShieldCheck, Clock, CreditCard] as const;

export interface AuthLayoutProps {
  portalName: string;
  logoUrl?: string;
  tagline: string;
  children: ReactNode;
}

/** The header of every page read without signing in: the portal, the language and the theme. */
export function SignedOutHeader({ portalName, logoUrl }: { portalName: string; logoUrl?: string }) {
  return (
    <header className="flex items-center justify-between gap-3">
      <div className="flex min-w-0 items-center gap-3">
        <Logo alt={portalName} src={logoUrl} />
        <span aria-hidden="true" className="text-lg leading-tight font-semibold">
          {portalName}
        </span>
      </div>
      <div className="flex items-center gap-1">
        <LanguageSwitch />
        <ThemeSwitch />
      </div>
    </header>
  );
}

/** The signed-out area: its own background, a form column and, on wide screens, the promise. */
export function AuthLayout({ portalName, logoUrl, tagline, children }: AuthLayoutProps) {
  const { promo } = useMessages(layoutMessages);
  return (
    <div className="min-h-dvh bg-auth-background lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <div className="flex min-h-dvh flex-col px-4 py-5 sm:px-8">
        <SignedOutHeader portalName={portalName} logoUrl={logoUrl} />
        <main
          id="main-content"
          tabIndex={-1}
          className="flex flex-1 items-start justify-center py-8 focus:outline-none sm:items-center"
        >
          <div className="w-full max-w-md rounded-2xl border border-border bg-surface p-6 text-surface-foreground shadow-lg sm:p-8">
            {children}
          </div>
        </main>
      </div>
      <aside
        aria-labelledby="login-promo-heading"
        className="hidden bg-auth-panel p-12 text-auth-panel-foreground lg:flex lg:flex-col lg:justify-center xl:p-20"
      >
        <div className="max-w-lg">
          <h2 id="login-promo-heading" className="text-3xl leading-tight font-bold xl:text-4xl">
            {tagline}
          </h2>
          <p className="mt-4 text-lg opacity-95">{promo.body}</p>
          <ul className="mt-10 flex flex-col gap-5">
            {promo.bullets.map((bullet, index) => {
              const Icon = PROMO_ICONS[index] ?? ShieldCheck;
              return (
                <li key={bullet} className="flex items-center gap-4 text-lg">
                  <span className="flex size-11 items-center justify-center rounded-full bg-white/10">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  {bullet}
                </li>
              );
            })}
          </ul>
        </div>
      </aside>
    </div>
  );
}
