import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { LogOut } from 'lucide-react';
import { Logo } from '@/components/logo.tsx';
import { PhoneLink } from '@/components/phone-link.tsx';
import { ThemeSwitch } from '@/components/theme-switch.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { cn } from '@/lib/utils.ts';

export interface NavItem {
  to: '/dashboard' | '/statements' | '/payments' | '/contact';
  label: string;
}

export interface AppShellProps {
  portalName: string;
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
  'inline-flex min-h-11 items-center rounded-md px-2 text-sm sm:px-3 font-medium text-muted-foreground hover:bg-muted hover:text-foreground aria-[current=page]:bg-muted aria-[current=page]:text-foreground aria-[current=page]:shadow-[inset_0_-3px_0_var(--color-brand)]';

/** The signed-in frame: who is signed in, where to go, theme and a visible way out. */
export function AppShell({
  portalName,
  logoUrl,
  guarantorName,
  supportPhone,
  navItems,
  onLogout,
  loggingOut,
  children,
}: AppShellProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-surface px-4 py-2 font-medium text-foreground shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to main content
      </a>
      <header className="no-print border-b border-border bg-surface">
        <div className="mx-auto w-full max-w-[1920px] px-4 sm:px-6 lg:px-8">
          <div className="flex min-h-16 flex-wrap items-center gap-x-2 gap-y-1 py-2 sm:gap-x-4">
            <Link
              to="/dashboard"
              className="flex min-w-0 items-center gap-3 rounded-md focus-visible:outline-2 focus-visible:outline-ring"
            >
              <Logo alt={portalName} src={logoUrl} />
              <span aria-hidden="true" className="text-base leading-tight font-semibold sm:text-lg">
                {portalName}
              </span>
            </Link>
            {/* One element for every width: below md it wraps onto its own line. */}
            {guarantorName && (
              <p className="order-last w-full text-sm md:order-none md:ml-auto md:w-auto">
                <span className="text-muted-foreground">Signed in as </span>
                <span className="font-medium">{guarantorName}</span>
              </p>
            )}
            <div
              className={cn('ml-auto flex items-center gap-1 sm:gap-3', guarantorName && 'md:ml-0')}
            >
              <ThemeSwitch />
              <Button
                variant="secondary"
                onClick={onLogout}
                disabled={loggingOut}
                aria-busy={loggingOut}
              >
                {loggingOut ? <Spinner /> : <LogOut aria-hidden="true" />}
                Log out
              </Button>
            </div>
          </div>
          <nav aria-label="Main" className="-mx-2 pb-2 sm:-mx-3">
            <ul className="flex flex-wrap gap-x-0.5 gap-y-1 sm:gap-1">
              {navItems.map((item) => (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    className={navLinkClassName}
                    activeProps={{ 'aria-current': 'page' }}
                  >
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
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
      {supportPhone && (
        <footer className="no-print border-t border-border bg-surface">
          <p className="mx-auto w-full max-w-[1920px] px-4 py-4 text-sm text-muted-foreground sm:px-6 lg:px-8">
            Questions about your bill? Call <PhoneLink phone={supportPhone} />.
          </p>
        </footer>
      )}
    </div>
  );
}
