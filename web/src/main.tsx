import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PORTAL_BASE_PATH } from '@webpay/contracts/api';
import { App } from '@/app/app.tsx';
import { AppProvider } from '@/app/provider.tsx';
import { logRelease } from '@/app/release.ts';
import { createAppRouter } from '@/app/router.ts';
import { getMe } from '@/features/auth/api/get-me.ts';
import { postLogout } from '@/features/auth/api/logout.ts';
import { appConfigQueryOptions } from '@/config/get-app-config.ts';
import { keepPageBranding } from '@/config/page-branding.ts';
import { createAuth } from '@/lib/auth.ts';
import { startLanguage } from '@/lib/language.ts';
import { shareStyleNonce } from '@/lib/style-nonce.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { applyTheme, readStoredTheme, resolveTheme } from '@/lib/theme.ts';
import '@/styles/index.css';

// Before the first paint, so a dark theme never flashes light.
applyTheme(resolveTheme(readStoredTheme()));
shareStyleNonce();
keepPageBranding();
startLanguage();
logRelease();

const queryClient = createQueryClient();
const auth = createAuth({ queryClient, fetchMe: (token) => getMe(token), postLogout });
const router = createAppRouter({ queryClient, auth });

void queryClient.prefetchQuery(appConfigQueryOptions());
void auth.initialise({
  onLoginPage: window.location.pathname.startsWith(`${PORTAL_BASE_PATH}/login`),
});

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProvider queryClient={queryClient} auth={auth}>
      <App router={router} />
    </AppProvider>
  </StrictMode>,
);
