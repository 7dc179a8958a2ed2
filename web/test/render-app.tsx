import { render } from '@testing-library/react';
import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { onTestFinished, vi } from 'vitest';
import { PORTAL_BASE_PATH, SERVICE_BASE_PATH } from '@webpay/contracts/api';
import { App } from '@/app/app.tsx';
import { AppProvider } from '@/app/provider.tsx';
import { NotFoundRedirect } from '@/components/not-found-redirect.tsx';
import { getMe } from '@/features/auth/api/get-me.ts';
import { postLogout } from '@/features/auth/api/logout.ts';
import { createAuth } from '@/lib/auth.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { sessionStore } from '@/lib/session.ts';
import { routeTree } from '@/routeTree.gen.ts';
import { appConfig } from './fixtures.ts';

export interface FakeCall {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

type Handler = (call: FakeCall) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Stubs the billing service: `handlers` answer by "METHOD /path"; the app
 * config is always served. Every call is recorded.
 */
export function fakeService(handlers: Record<string, Handler> = {}) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(SERVICE_BASE_PATH, '');
    const method = init?.method ?? 'GET';
    const call: FakeCall = {
      method,
      path,
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const handler = handlers[`${method} ${path}`];
    if (handler) return handler(call);
    if (path === '/config/app') return json(appConfig);
    if (path === '/auth/logout') return new Response(null, { status: 204 });
    return json({ title: 'Not found', status: 404, code: 'ROUTE_NOT_FOUND', details: [] }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** Renders the whole portal at `url` (inside the /webpay base path), as a browser would. */
export async function renderApp(url: string) {
  const queryClient = createQueryClient();
  const auth = createAuth({ queryClient, fetchMe: (token) => getMe(token), postLogout });
  const history = createMemoryHistory({ initialEntries: [`${PORTAL_BASE_PATH}${url}`] });
  const router = createRouter({
    routeTree,
    history,
    basepath: PORTAL_BASE_PATH,
    context: { queryClient, auth },
    defaultNotFoundComponent: NotFoundRedirect,
  });
  await auth.initialise({ onLoginPage: url.startsWith('/login') });
  const view = render(
    <AppProvider queryClient={queryClient} auth={auth}>
      <App router={router as never} />
    </AppProvider>,
  );
  // Timers and cached queries must not leak into the next test.
  onTestFinished(() => {
    auth.dispose();
    queryClient.clear();
    sessionStore.set(null);
  });
  return { ...view, router, auth, queryClient, history };
}
