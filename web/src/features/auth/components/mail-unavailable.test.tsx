import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FALLBACK_ERROR_TEXT, FALLBACK_ERROR_TEXT_ES } from '@webpay/contracts/error-codes';
import type { Language } from '@webpay/contracts/language';
import { SIGN_IN_ERROR_DETAILS, SIGN_IN_ERROR_DETAILS_ES } from '@webpay/contracts/sign-in';
import { chooseLanguage } from '@/lib/language.ts';
import { messagesIn } from '@/lib/messages.ts';
import { writeStoredSession } from '@/lib/session-storage.ts';
import { claimsFor, maria, mariaEncounters, tokenFor } from '@test/fixtures.ts';
import { fakeService, json, renderApp } from '@test/render-app.tsx';
import {
  emailLoginMessages,
  emailMfaNoticeMessages,
  magicLinkRequestMessages,
  signInCommonMessages,
  signupMessages,
  verifyCodeMessages,
} from '../auth.messages.ts';

/*
 * Decision 0006 (amendment): when the mail server cannot take an e-mail a
 * guarantor is waiting for, the service answers 503 MAIL_UNAVAILABLE and
 * every form that asks for one says, in the reader's language, that it could
 * not be sent and to try again in a few minutes; never that it was sent. The
 * answers here carry the other language's words, as a service asked before
 * the reader switched language would.
 */

const WORDS = {
  en: {
    expected: SIGN_IN_ERROR_DETAILS.mailUnavailable,
    answered: SIGN_IN_ERROR_DETAILS_ES.mailUnavailable,
    failedToSend: FALLBACK_ERROR_TEXT.resendFailedTitle,
  },
  es: {
    expected: SIGN_IN_ERROR_DETAILS_ES.mailUnavailable,
    answered: SIGN_IN_ERROR_DETAILS.mailUnavailable,
    failedToSend: FALLBACK_ERROR_TEXT_ES.resendFailedTitle,
  },
} as const;

const mailUnavailable = (language: Language) => () =>
  json(
    {
      title: 'Email not sent',
      status: 503,
      code: 'MAIL_UNAVAILABLE',
      details: [WORDS[language].answered],
      requestId: 'r-1',
      correlationId: 'c-1',
    },
    503,
  );

const LANGUAGES = ['en', 'es'] as const;

describe.each(LANGUAGES)('a mail server that cannot take the e-mail (%s)', (language) => {
  const common = messagesIn(signInCommonMessages, language);
  const { expected, failedToSend } = WORDS[language];

  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    sessionStorage.clear();
    chooseLanguage(language);
  });

  it('the sign-in link: says it could not be sent, not that it was', async () => {
    const t = messagesIn(magicLinkRequestMessages, language);
    fakeService({ 'POST /auth/login/magic/request': mailUnavailable(language) });
    await renderApp('/login');
    const section = within(await screen.findByRole('region', { name: t.heading }));
    const user = userEvent.setup();
    await user.type(section.getByLabelText(common.emailAddress), 'maria.garcia@example.com');
    await user.click(section.getByRole('button', { name: t.submit }));

    expect(await section.findByRole('alert')).toHaveTextContent(expected);
    expect(section.queryByText(t.sent)).not.toBeInTheDocument();
    expect(section.getByLabelText(common.emailAddress)).toHaveValue('maria.garcia@example.com');
  });

  it('the e-mailed sign-in code: says it could not be sent, and stays on the form', async () => {
    const t = messagesIn(emailLoginMessages, language);
    fakeService({ 'POST /auth/login/email': mailUnavailable(language) });
    const { router } = await renderApp('/login/email');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(common.emailAddress), 'maria.garcia@example.com');
    await user.type(screen.getByLabelText(common.dateOfBirth), '1984-03-17');
    await user.click(screen.getByRole('button', { name: t.submit }));

    expect(await screen.findByRole('alert')).toHaveTextContent(expected);
    expect(router.state.location.pathname).toBe('/login/email');
  });

  it('sign-up: says the code could not be sent, not to check the e-mail', async () => {
    const t = messagesIn(signupMessages, language);
    fakeService({ 'POST /auth/signup/email': mailUnavailable(language) });
    await renderApp('/login/signup');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(common.accountNumber), '500600700');
    await user.type(screen.getByLabelText(t.firstName), 'Ana');
    await user.type(screen.getByLabelText(t.lastName), 'Torres');
    await user.type(screen.getByLabelText(common.dateOfBirth), '1995-12-08');
    await user.type(screen.getByLabelText(common.emailAddress), 'ana.torres@example.com');
    await user.click(screen.getByRole('radio', { name: t.no }));
    await user.click(screen.getByRole('button', { name: t.submit }));

    expect(await screen.findByRole('alert')).toHaveTextContent(expected);
    expect(screen.queryByText(t.checkEmail)).not.toBeInTheDocument();
  });

  it('a new code: says it could not be sent in the failure dialog', async () => {
    const t = messagesIn(verifyCodeMessages, language);
    fakeService({ 'POST /auth/signup/email/send-code': mailUnavailable(language) });
    const search = new URLSearchParams({
      guarantorId: 'g-100',
      verificationId: 'v-200',
      email: 'maria.garcia@example.com',
    });
    await renderApp(`/verify/code?${search.toString()}`);
    await userEvent.setup().click(await screen.findByRole('button', { name: t.resend }));

    const dialog = await screen.findByRole('alertdialog', { name: failedToSend });
    expect(dialog).toHaveAccessibleDescription(expected);
    expect(screen.queryByText(t.resentTo('maria.garcia@example.com'))).not.toBeInTheDocument();
  });

  it('e-mail multi-factor: says the code could not be sent, and stays on the dashboard', async () => {
    const t = messagesIn(emailMfaNoticeMessages, language);
    const claims = claimsFor({ loginType: 'pin' });
    writeStoredSession({
      token: tokenFor(claims),
      expiresAt: Date.now() + 600_000,
      user: maria,
      claims,
    });
    fakeService({
      'GET /auth/me': () => json(maria),
      'GET /encounters': () => json(mariaEncounters),
      'POST /auth/mfa/email': mailUnavailable(language),
    });
    const { router } = await renderApp('/dashboard');
    await userEvent.setup().click(await screen.findByRole('button', { name: t.action }));

    const dialog = await screen.findByRole('alertdialog', { name: failedToSend });
    expect(dialog).toHaveAccessibleDescription(expected);
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
