import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { startLanguage, subscribeToLanguage } from '@/lib/language.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { shareStyleNonce } from '@/lib/style-nonce.ts';
import { applyTheme, readStoredTheme, resolveTheme } from '@/lib/theme.ts';
import { ThemeProvider } from '@/lib/theme-provider.tsx';
import { createOfficeRouter } from './app/router.ts';
import { officeConfigQueryOptions } from './lib/hospital-time-zone.ts';
import { getMe } from './lib/session-calls.ts';
import { staffSession } from './lib/staff-session.ts';
import '@/styles/index.css';

// Before the first paint, so a dark theme never flashes light.
applyTheme(resolveTheme(readStoredTheme()));
shareStyleNonce();
startLanguage();

/** A session this tab kept across a reload is used only once the service has named its owner. */
async function restoreSession(): Promise<void> {
  if (!staffSession.restore()) return;
  const me = await getMe();
  if (me.data) staffSession.setMe(me.data);
  else staffSession.end('unauthorized');
}

const queryClient = createQueryClient();
// Asked at once, beside the session's owner, so a page's loader rarely waits for it.
void queryClient.prefetchQuery(officeConfigQueryOptions());
// A session ending forgets everything read with it.
staffSession.subscribe(() => {
  if (!staffSession.get()) queryClient.clear();
});
// The service writes some of what it answers (home's summaries, refusals) in
// the reader's language: another language reads everything on screen again.
subscribeToLanguage(() => {
  void queryClient.invalidateQueries();
});

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

void restoreSession().then(() => {
  const router = createOfficeRouter({ queryClient, session: staffSession });
  createRoot(container).render(
    <StrictMode>
      <ThemeProvider>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ThemeProvider>
    </StrictMode>,
  );
});
