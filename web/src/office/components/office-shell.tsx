import type { ReactNode } from 'react';
import { Link, useMatchRoute } from '@tanstack/react-router';
import { LogOut } from 'lucide-react';
import type { StaffMember } from '@webpay/contracts/office';
import { LanguageSwitch } from '@/components/language-switch.tsx';
import { Logo } from '@/components/logo.tsx';
import { SkipLink } from '@/components/skip-link.tsx';
import { ThemeSwitch } from '@/components/theme-switch.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useMessages } from '@/lib/messages.ts';
import { navItemsFor, type NavItem, type NavKey } from '../lib/navigation.ts';
import { HeaderLabel } from './header-label.tsx';
import { officeMessages } from './office.messages.ts';

// Narrower padding below 1600 px keeps every role's links on the header's one row at 1280 px.
const navLinkClassName =
  'inline-flex min-h-10 items-center rounded-md px-2 text-sm min-[1600px]:px-3 font-medium text-muted-foreground hover:bg-muted hover:text-foreground aria-[current=page]:bg-muted aria-[current=page]:text-foreground aria-[current=page]:shadow-[inset_0_-3px_0_var(--color-brand)]';

export interface OfficeShellProps {
  staff: Pick<StaffMember, 'name' | 'role'>;
  onSignOut: () => void;
  onSignOutEverywhere: () => void;
  /** Counts beside a page's name, such as the payments awaiting approval. */
  navBadges?: Partial<Record<NavKey, ReactNode>>;
  children: ReactNode;
}

/** The pages the role may use, the one being read marked as current. */
function MainNav({
  role,
  navBadges,
}: {
  role: StaffMember['role'];
  navBadges: OfficeShellProps['navBadges'];
}) {
  const t = useMessages(officeMessages);
  const matchRoute = useMatchRoute();
  // Approvals and Plans needing attention have no link of their own; the page they are
  // reached from stays marked, so the header still says where the reader is.
  const isWithin = (item: NavItem) => item.within?.some((to) => matchRoute({ to })) ?? false;
  return (
    <nav aria-label={t.mainNavigation}>
      <ul className="flex flex-wrap min-[1600px]:gap-1">
        {navItemsFor(role).map((item) => (
          <li key={item.key}>
            <Link
              to={item.to}
              className={navLinkClassName}
              activeOptions={{ exact: item.to === '/' }}
              activeProps={{ 'aria-current': 'page' }}
              {...(isWithin(item) ? { 'aria-current': 'page' as const } : {})}
            >
              {t.nav[item.key]}
              {navBadges?.[item.key]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The signed-in frame: where to go, who is signed in, and two ways out. Dense, for all-day use. */
export function OfficeShell({
  staff,
  onSignOut,
  onSignOutEverywhere,
  navBadges,
  children,
}: OfficeShellProps) {
  const t = useMessages(officeMessages);
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <SkipLink>{t.skipToContent}</SkipLink>
      <header className="no-print border-b border-border bg-surface">
        <div className="mx-auto flex w-full max-w-[1600px] flex-wrap items-center gap-x-1.5 gap-y-1 px-4 py-1.5 lg:px-6 min-[1600px]:gap-x-3">
          <Link
            to="/"
            className="flex items-center gap-2 rounded-md font-semibold focus-visible:outline-2 focus-visible:outline-ring xl:max-[1599px]:text-sm"
          >
            <Logo alt="" className="size-7" />
            <HeaderLabel>{t.consoleName}</HeaderLabel>
          </Link>
          <MainNav role={staff.role} navBadges={navBadges} />
          <div className="ml-auto flex flex-wrap items-center gap-0.5 min-[1600px]:gap-1">
            {/* Name over role keeps the header on one row at 1280 px in either language. */}
            <p className="mr-1 flex flex-col text-sm leading-tight min-[1600px]:mr-2">
              <span className="font-medium">
                {staff.name}
                <span className="sr-only"> · </span>
              </span>
              <span className="text-xs text-muted-foreground">{t.roles[staff.role]}</span>
            </p>
            <LanguageSwitch className="sm:px-2 min-[1600px]:px-3" />
            <ThemeSwitch />
            <Button
              variant="ghost"
              size="sm"
              className="px-1.5 min-[1600px]:px-3"
              onClick={onSignOutEverywhere}
            >
              <HeaderLabel>{t.signOutEverywhere}</HeaderLabel>
            </Button>
            <Button
              variant="secondary"
              size="sm"
              className="px-2 min-[1600px]:px-3"
              onClick={onSignOut}
            >
              <LogOut aria-hidden="true" />
              {t.signOut}
            </Button>
          </div>
        </div>
      </header>
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto w-full max-w-[1600px] flex-1 px-4 py-4 focus:outline-none lg:px-6"
      >
        {children}
      </main>
    </div>
  );
}
