import { RouterProvider } from '@tanstack/react-router';
import { FullScreenSpinner } from '@/components/full-screen-spinner.tsx';
import { useBranding } from '@/hooks/use-branding.ts';
import { useAuthState } from '@/lib/auth-context.ts';
import type { AppRouter } from './router.ts';

/** Routes only start once the session is known, so guards never decide on a half-restored state. */
export function App({ router }: { router: AppRouter }) {
  const { status } = useAuthState();
  const { portalName, logoUrl } = useBranding();
  if (status === 'initialising')
    return <FullScreenSpinner portalName={portalName} logoUrl={logoUrl} />;
  return <RouterProvider router={router} />;
}
