import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { TOASTS } from '@/config/constants.ts';
import type { Auth } from '@/lib/auth.ts';
import { AuthContext } from '@/lib/auth-context.ts';
import { useTheme } from '@/lib/theme-context.ts';
import { ThemeProvider } from '@/lib/theme-provider.tsx';

function Toasts() {
  const { resolvedTheme } = useTheme();
  // Width (356) and swipe threshold (45) are sonner's fixed values and match SPEC §9.
  return (
    <Toaster
      theme={resolvedTheme}
      richColors
      closeButton
      duration={TOASTS.durationMs}
      visibleToasts={TOASTS.visible}
      gap={TOASTS.gapPx}
    />
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
          <Toasts />
        </AuthContext>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
