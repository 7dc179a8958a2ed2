import { useRef, useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { LogOut, Menu, X } from 'lucide-react';
import { Popover as PopoverPrimitive } from 'radix-ui';
import { Logo } from '@/components/logo.tsx';
import { SkipLink } from '@/components/skip-link.tsx';
import { FinancialAssistanceLink } from '@/components/assistance-links.tsx';
import { PhoneLink } from '@/components/phone-link.tsx';
import { LanguageSwitch } from '@/components/language-switch.tsx';
import { ThemeSwitch } from '@/components/theme-switch.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { useMessages } from '@/lib/messages.ts';
import { layoutMessages } from './layouts.messages.ts';

export interface NavItem {
  to: '/dashboard' | '/statements' | '/payments' | '/payment-methods' | '/contact';
}

export interface AppShellProps {
  portalName: string;
  providerName?: string;
  logoUrl?: string;
  guarantorName: string;
  /** The guarantor's own support phone, else the billing office's fallback (SPEC §1). */
  supportPhone?: string;
  navItems: readonly NavItem[];
  onLogout: () => void;
  loggingOut: boolean;
  children: ReactNode;
}

const navLinkClassName =
  'inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground aria-[current=page]:bg-muted aria-[current=page]:text-foreground aria-[current=page]:shadow-[inset_0_-3px_0_var(--color-brand)]';

const menuLinkClassName =
  'flex min-h-12 w-full items-center rounded-md px-3 text-base font-medium text-foreground hover:bg-muted aria-[current=page]:bg-muted aria-[current=page]:shadow-[inset_3px_0_0_var(--color-brand)]';

function NavLinks({
  items,
  className,
  onNavigate,
}: {
  items: readonly NavItem[];
  className: string;
  onNavigate?: () => void;
}) {
  const t = useMessages(layoutMessages);
  return (
    <ul className="flex flex-col gap-1 md:flex-row md:flex-wrap">
      {items.map((item) => (
        <li key={item.to}>
          <Link
            to={item.to}
            className={className}
            activeProps={{ 'aria-current': 'page' }}
            onClick={onNavigate}
          >
            {t.nav[item.to]}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * Below md the links fold into a menu so the header never scrolls sideways. It
 * is a non-modal popover kept in the header's DOM (no portal): the links follow
 * the button in tab order, Escape and a click outside close it, and focus
 * returns to the button.
 */
function PhoneMenu({ items }: { items: readonly NavItem[] }) {
  const t = useMessages(layoutMessages);
  const [open, setOpen] = useState(false);
  const content = useRef<HTMLDivElement>(null);
  return (
    <PopoverPrimitive.Root open={open} onOpenChange={setOpen} modal={false}>
      <PopoverPrimitive.Trigger asChild>
        <Button variant="secondary" className="md:hidden">
          {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          {t.menu}
        </Button>
      </PopoverPrimitive.Trigger>
      <PopoverPrimitive.Content
        ref={content}
        aria-label={t.menu}
        align="end"
        sideOffset={8}
        collisionPadding={16}
        className="z-40 w-[min(20rem,calc(100vw-2rem))] rounded-lg border border-border bg-surface p-2 text-surface-foreground shadow-lg focus-visible:outline-2 focus-visible:outline-ring md:hidden"
        onOpenAutoFocus={(event) => {
          // Start on the current page's link, where a sighted user's eye already is.
          event.preventDefault();
          const links = Array.from(content.current?.querySelectorAll('a') ?? []);
          const current = links.find((link) => link.getAttribute('aria-current') === 'page');
          (current ?? links[0])?.focus();
        }}
      >
        <nav aria-label={t.mainNavigation}>
          <NavLinks items={items} className={menuLinkClassName} onNavigate={() => setOpen(false)} />
        </nav>
        {/* On phones the header's first row has no room for it beside the portal name. */}
        <div className="mt-2 border-t border-border pt-2">
          <LanguageSwitch className="min-h-12 w-full justify-start px-3 text-base" />
        </div>
      </PopoverPrimitive.Content>
    </PopoverPrimitive.Root>
  );
}

/** The portal's logo and name, which lead back to the dashboard. */
function PortalHomeLink({
  portalName,
  providerName,
  logoUrl,
}: Pick<AppShellProps, 'portalName' | 'providerName' | 'logoUrl'>) {
  return (
    <Link
      to="/dashboard"
      className="flex min-w-0 flex-1 items-center gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-ring sm:gap-3 md:flex-none"
    >
      <Logo alt={portalName} src={logoUrl} />
      <span className="flex min-w-0 flex-col">
        <span
          aria-hidden="true"
          className="text-base leading-tight font-semibold break-words sm:text-lg"
        >
          {portalName}
        </span>
        {providerName && (
          <span className="hidden text-xs leading-tight text-muted-foreground sm:block">
            {providerName}
          </span>
        )}
      </span>
    </Link>
  );
}

/** The signed-in frame: who is signed in, where to go, theme and a visible way out. */
export function AppShell({
  portalName,
  providerName,
  logoUrl,
  guarantorName,
  supportPhone,
  navItems,
  onLogout,
  loggingOut,
  children,
}: AppShellProps) {
  const t = useMessages(layoutMessages);
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <SkipLink>{t.skipToContent}</SkipLink>
      <header className="no-print border-b border-border bg-surface">
        <div className="mx-auto w-full max-w-[1920px] px-4 sm:px-6 lg:px-8">
          <div className="flex min-h-16 flex-wrap items-center gap-x-2 gap-y-1 py-2 sm:gap-x-4">
            <PortalHomeLink portalName={portalName} providerName={providerName} logoUrl={logoUrl} />
            <div className="flex items-center gap-1 sm:gap-3 md:order-last">
              <LanguageSwitch className="hidden md:inline-flex" />
              <ThemeSwitch />
              {/* Narrower padding on the smallest phones keeps the portal name on one line. */}
              <Button
                variant="secondary"
                className="px-3 sm:px-4"
                onClick={onLogout}
                disabled={loggingOut}
                aria-busy={loggingOut}
              >
                {loggingOut ? <Spinner /> : <LogOut aria-hidden="true" />}
                {t.logOut}
              </Button>
            </div>
            {/* Phones: a second row with who is signed in and the menu. */}
            <div className="flex w-full items-center justify-between gap-3 md:ml-auto md:w-auto">
              {guarantorName && (
                <p className="min-w-0 text-sm break-words">
                  <span className="text-muted-foreground">{t.signedInAs}</span>
                  <span className="font-medium">{guarantorName}</span>
                </p>
              )}
              <div className="ml-auto md:hidden">
                <PhoneMenu items={navItems} />
              </div>
            </div>
          </div>
          <nav aria-label={t.mainNavigation} className="-mx-3 hidden pb-2 md:block">
            <NavLinks items={navItems} className={navLinkClassName} />
          </nav>
        </div>
      </header>
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto w-full max-w-[1920px] flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8 lg:py-8"
      >
        {children}
      </main>
      <footer className="no-print border-t border-border bg-surface">
        <div className="mx-auto flex w-full max-w-[1920px] flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-4 text-sm text-muted-foreground sm:px-6 lg:px-8">
          {supportPhone && (
            <p>
              {t.questionsCall}
              <PhoneLink phone={supportPhone} />
              {t.questionsEnd}
            </p>
          )}
          <FinancialAssistanceLink />
        </div>
      </footer>
    </div>
  );
}
