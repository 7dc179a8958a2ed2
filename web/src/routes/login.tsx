import { createFileRoute, Outlet } from '@tanstack/react-router';
import { loginPageTitle } from '@webpay/contracts/messages';
import { AuthLayout } from '@/components/layouts/auth-layout.tsx';
import { useBranding } from '@/features/config/hooks/use-branding.ts';
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
  useDocumentTitle(loginPageTitle(portalName));
  return (
    <AuthLayout portalName={portalName} logoUrl={logoUrl} tagline={tagline}>
      <Outlet />
    </AuthLayout>
  );
}
