import type { ReactElement } from 'react';
import { onTestFinished, vi } from 'vitest';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import {
  OFFICE_API_BASE_PATH,
  OFFICE_API_PATHS,
  OFFICE_BASE_PATH,
  type StaffMe,
  type StaffRole,
} from '@webpay/contracts/office';
import { createQueryClient } from '@/lib/query-client.ts';
import { ThemeProvider } from '@/lib/theme-provider.tsx';
import { createOfficeRouter } from '@/office/app/router.ts';
import { staffSession } from '@/office/lib/staff-session.ts';

export interface OfficeCall {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

type Handler = (call: OfficeCall) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The demo hospital's time zone, as the service's default (WEBPAY_TIME_ZONE) is. */
export const HOSPITAL_TIME_ZONE = 'America/Denver';

/**
 * Stubs the console's API: `handlers` answer by "METHOD /path" (after
 * /api/v1/office); every call is recorded. The console's configuration
 * answers with HOSPITAL_TIME_ZONE unless a handler says otherwise.
 */
export function fakeOfficeService(handlers: Record<string, Handler> = {}) {
  const calls: OfficeCall[] = [];
  const answers: Record<string, Handler> = {
    [`GET ${OFFICE_API_PATHS.config}`]: () => json({ timeZone: HOSPITAL_TIME_ZONE }),
    ...handlers,
  };
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const call: OfficeCall = {
      method: init?.method ?? 'GET',
      path: url.replace(OFFICE_API_BASE_PATH, ''),
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const handler = answers[`${call.method} ${call.path}`];
    if (handler) return handler(call);
    return json({ title: 'Not found', status: 404, code: 'ROUTE_NOT_FOUND', details: [] }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** A part of the console rendered with its own query client, forgotten after the test. */
export function renderWithQueries(ui: ReactElement) {
  const queryClient = createQueryClient();
  onTestFinished(() => {
    queryClient.clear();
    staffSession.end('signed-out');
  });
  return {
    ...render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>),
    queryClient,
  };
}

export function staffMe(role: StaffRole, name = 'Dana Reyes'): StaffMe {
  const now = new Date().toISOString();
  return {
    staff: {
      id: `staff-${role}`,
      name,
      email: `${role}@office.example`,
      role,
      kind: 'local',
      status: 'active',
      lastSignInAt: now,
      createdAt: now,
    },
    session: {
      signedInAt: now,
      expiresAt: new Date(Date.now() + 12 * 3_600_000).toISOString(),
      idleExpiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
      method: 'password',
    },
  };
}

/**
 * The whole console at `url` (inside /office), as a browser would show it;
 * with `role`, a staff member of that role is signed in first.
 */
export async function renderOffice(url: string, role?: StaffRole) {
  const queryClient = createQueryClient();
  if (role) {
    staffSession.start({
      token: 'staff-token',
      expiresAt: Date.now() + 12 * 3_600_000,
      idleTimeoutMs: 15 * 60_000,
    });
    staffSession.setMe(staffMe(role));
  }
  const history = createMemoryHistory({ initialEntries: [`${OFFICE_BASE_PATH}${url}`] });
  const router = createOfficeRouter({ queryClient, session: staffSession }, history);
  onTestFinished(() => {
    queryClient.clear();
    staffSession.end('signed-out');
  });
  const view = render(
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  await router.load();
  return { ...view, router, queryClient };
}
