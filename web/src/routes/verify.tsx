import { createFileRoute, Outlet } from '@tanstack/react-router';
import { isSafeRedirectPath } from '@webpay/contracts/redirect';
import { AuthLayout } from '@/components/layouts/auth-layout.tsx';
import { authPageTitles } from '@/features/auth/auth.messages.ts';
import { useBranding } from '@/hooks/use-branding.ts';
import { useMessages } from '@/lib/messages.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

export interface VerifySearch {
  guarantorId?: string;
  verificationId?: string;
  email?: string;
  next?: string;
}

/** Ids may look numeric, and the router reads numeric-looking values as numbers. */
function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

export const Route = createFileRoute('/verify')({
  // SPEC §2: these are handed on to the code step untouched (an unsafe next is never kept).
  validateSearch: (search: Record<string, unknown>): VerifySearch => ({
    guarantorId: asText(search.guarantorId),
    verificationId: asText(search.verificationId),
    email: typeof search.email === 'string' ? search.email : undefined,
    next: isSafeRedirectPath(search.next) ? search.next : undefined,
  }),
  component: VerifyLayout,
});

function VerifyLayout() {
  const { portalName, logoUrl, tagline } = useBranding();
  const titles = useMessages(authPageTitles);
  useDocumentTitle(titles.verification(portalName));
  return (
    <AuthLayout portalName={portalName} logoUrl={logoUrl} tagline={tagline}>
      <Outlet />
    </AuthLayout>
  );
}
