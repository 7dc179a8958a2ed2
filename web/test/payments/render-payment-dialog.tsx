import { render, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { onTestFinished, vi } from 'vitest';
import type { Claims, User } from '@webpay/contracts/auth';
import type { EncountersResponse } from '@webpay/contracts/encounters';
import type { PaymentItem, Receipt } from '@webpay/contracts/payments';
import { getMe } from '@/features/auth/api/get-me.ts';
import { postLogout } from '@/features/auth/api/logout.ts';
import { createAuth } from '@/lib/auth.ts';
import { currentLanguage } from '@/lib/language.ts';
import { messagesIn } from '@/lib/messages.ts';
import { AuthContext } from '@/lib/auth-context.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { sessionStore, toSession } from '@/lib/session.ts';
import { appConfig, claimsFor, maria, tokenFor } from '@test/fixtures.ts';
import { PaymentDialog } from '../../src/features/payments/components/payment-dialog.tsx';
import { paymentDialogMessages } from '../../src/features/payments/payments.messages.ts';
import { resetLightbox } from '../../src/features/payments/utils/converge-lightbox.ts';
import { billing, mariaItems } from './payment-fixtures.ts';

export interface RenderPaymentDialogOptions {
  items?: PaymentItem[];
  user?: User;
  claims?: Claims;
  /** The pending bills the items come from. */
  bills?: EncountersResponse;
}

/** The dialog's words in the language the test reads the portal in. */
export const dialogWords = () => messagesIn(paymentDialogMessages, currentLanguage());

/**
 * The payment dialog on its own, with what it needs around it: a signed-in
 * session, the app config, the auth layer and a router that has the PIN
 * sign-in page to be sent to.
 */
export async function renderPaymentDialog(options: RenderPaymentDialogOptions = {}) {
  const { items = mariaItems, user = maria, claims = claimsFor(), bills } = options;
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.appConfig, appConfig);
  const auth = createAuth({ queryClient, fetchMe: (token) => getMe(token), postLogout });
  sessionStore.set(
    toSession({ token: tokenFor(claims), expiresAt: Date.now() + 600_000, user, claims }),
  );
  const onPaid = vi.fn<(receipt: Receipt) => void>();
  const onClose = vi.fn<() => void>();

  const rootRoute = createRootRoute({ component: Outlet });
  const dashboard = createRoute({
    getParentRoute: () => rootRoute,
    path: '/dashboard',
    component: () => (
      <PaymentDialog
        request={{ mode: 'encounter', items }}
        bills={bills}
        onClose={onClose}
        onPaid={onPaid}
      />
    ),
  });
  const pin = createRoute({
    getParentRoute: () => rootRoute,
    path: '/login/pin',
    component: () => <h1>PIN sign-in</h1>,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([dashboard, pin]),
    history: createMemoryHistory({ initialEntries: ['/dashboard'] }),
  });

  render(
    <QueryClientProvider client={queryClient}>
      <AuthContext value={auth}>
        <RouterProvider router={router} />
      </AuthContext>
    </QueryClientProvider>,
  );
  onTestFinished(() => {
    auth.dispose();
    queryClient.clear();
    sessionStore.set(null);
    resetLightbox();
  });
  const dialog = await screen.findByRole('dialog', { name: dialogWords().title });
  return { dialog, router, auth, onPaid, onClose };
}

/** Types the rest of Maria's billing details (her names are prefilled). */
export async function fillBilling(
  user: UserEvent,
  dialog: HTMLElement = screen.getByRole('dialog'),
) {
  const scope = within(dialog);
  const t = dialogWords();
  await user.type(scope.getByLabelText(t.address), billing.address);
  await user.type(scope.getByLabelText(t.city), billing.city);
  await user.selectOptions(scope.getByLabelText(t.state), billing.state);
  await user.type(scope.getByLabelText(t.zipCode), billing.zipCode);
}

export function payButton(dialog: HTMLElement = screen.getByRole('dialog')) {
  const pay = dialogWords().pay('$');
  return within(dialog).getByRole('button', { name: (name) => name.startsWith(pay) });
}
