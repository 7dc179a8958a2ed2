import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AuthLayout } from '@/components/layouts/auth-layout.tsx';
import { authPageTitles } from '@/features/auth/auth.messages.ts';
import { useBranding } from '@/hooks/use-branding.ts';
import { useMessages } from '@/lib/messages.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

export const Route = createFileRoute('/login')({
  // SPEC §2: entering the login area ends any session, except when a magic link is signing in.
  beforeLoad: ({ context, location, preload }) => {
    if (preload || location.pathname.startsWith('/login/magic')) return;
    void context.auth.logout();
  },
  component: LoginLayout,
});

function LoginLayout() {
  const { portalName, logoUrl, tagline } = useBranding();
  const titles = useMessages(authPageTitles);
  useDocumentTitle(titles.login(portalName));
  return (
    <AuthLayout portalName={portalName} logoUrl={logoUrl} tagline={tagline}>
      <Outlet />
    </AuthLayout>
  );
}
