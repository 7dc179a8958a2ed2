import { lazy, Suspense, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { Auth } from '@/lib/auth.ts';
import { AuthContext } from '@/lib/auth-context.ts';
import { useSession } from '@/lib/session.ts';
import { ThemeProvider } from '@/lib/theme-provider.tsx';

const Toasts = lazy(() =>
  import('@/components/toasts.tsx').then((module) => ({ default: module.Toasts })),
);

/**
 * Only signed-in pages raise toasts, so the sign-in pages do not load the
 * toast library. Once there, the toasts stay mounted, so one raised just
 * before signing out is still seen; sonner shows toasts raised before it
 * mounted as soon as it does.
 */
function SignedInToasts() {
  const session = useSession();
  const [wanted, setWanted] = useState(false);
  if (session && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}

export function AppProvider({
  queryClient,
  auth,
  children,
}: {
  queryClient: QueryClient;
  auth: Auth;
  children: ReactNode;
}) {
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <AuthContext value={auth}>
          {children}
          <SignedInToasts />
        </AuthContext>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
