import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { MailCheck } from 'lucide-react';
import { AlertMessage } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useLanguage } from '@/lib/language.ts';
import { useMessages } from '@/lib/messages.ts';
import { useValidationText } from '@/lib/validation-text.ts';
import { useRequestMagicLink } from '../api/request-magic-link.ts';
import { magicLinkRequestMessages } from '../auth.messages.ts';
import { SIGN_IN_FORM_MESSAGES } from '../utils/field-messages.ts';
import { emailFlowErrorMessage } from '../utils/sign-in.ts';
import { EmailAddressField, SubmitButton } from './sign-in-form-parts.tsx';

/*
 * The form of the login page itself, so it keeps zod and a form library off
 * the page's first load: its one field is checked by the shared schema,
 * loaded when the guarantor first focuses the field or sends the form.
 */
const loadEmailCheck = () =>
  import('@webpay/contracts/sign-in').then(({ magicLinkRequestSchema }) => (email: string) => {
    const parsed = magicLinkRequestSchema.safeParse({ email });
    return parsed.success
      ? ({ email: parsed.data.email } as const)
      : ({ error: parsed.error.issues[0]?.message ?? '' } as const);
  });

/** The address typed, checked as rhf's onSubmit/onChange modes would: on sending, then on each change. */
function useCheckedEmail() {
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string>();
  const [checkAsTyped, setCheckAsTyped] = useState(false);
  const check = async () => {
    const result = (await loadEmailCheck())(input.current?.value ?? '');
    setError('error' in result ? result.error : undefined);
    return 'email' in result ? result.email : undefined;
  };
  const onChange = () => {
    if (checkAsTyped) void check();
  };
  const reset = () => {
    if (input.current) input.current.value = '';
    setError(undefined);
    setCheckAsTyped(false);
  };
  const focus = () => input.current?.focus();
  return {
    input,
    error,
    check,
    onChange,
    reset,
    focus,
    startCheckingAsTyped: () => setCheckAsTyped(true),
  };
}

/**
 * "Email me a sign-in link": the same confirmation whatever the address, so
 * nobody can use it to find out who has an account.
 */
export function MagicLinkRequestForm() {
  const ids = useId();
  const headingId = `${ids}-heading`;
  const emailId = `${ids}-email`;
  const request = useRequestMagicLink();
  const [sent, setSent] = useState(false);
  const language = useLanguage();
  const t = useMessages(magicLinkRequestMessages);
  const validationText = useValidationText(SIGN_IN_FORM_MESSAGES);
  const { input, error, check, onChange, reset, focus, startCheckingAsTyped } = useCheckedEmail();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    startCheckingAsTyped();
    const address = await check();
    if (address === undefined) {
      focus();
      return;
    }
    try {
      await request.mutateAsync(address);
    } catch {
      return;
    }
    setSent(true);
  };

  const startOver = () => {
    request.reset();
    reset();
    setSent(false);
    // After the form is back, put the guarantor in the e-mail field.
    setTimeout(focus, 0);
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-lg font-semibold">
          {t.heading}
        </h2>
        <p className="text-sm text-muted-foreground">{t.intro}</p>
      </div>

      {sent ? (
        <MagicLinkSent onStartOver={startOver} />
      ) : (
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
          {request.isError && (
            <AlertMessage variant="danger">
              {emailFlowErrorMessage(request.error, t.failed, language)}
            </AlertMessage>
          )}
          <EmailAddressField
            id={emailId}
            name="email"
            ref={input}
            error={validationText(error)}
            onChange={onChange}
            onFocus={() => void loadEmailCheck()}
          />
          <SubmitButton variant="secondary" pending={request.isPending}>
            {t.submit}
          </SubmitButton>
        </form>
      )}
    </section>
  );
}

/** The confirmation that replaces the form; it takes focus so it is read out and keyboard users stay put. */
function MagicLinkSent({ onStartOver }: { onStartOver: () => void }) {
  const t = useMessages(magicLinkRequestMessages);
  const confirmation = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    confirmation.current?.focus();
  }, []);
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-lg border border-border bg-muted p-4 text-sm"
    >
      <p ref={confirmation} tabIndex={-1} className="flex gap-3 focus:outline-none">
        <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <span>{t.sent}</span>
      </p>
      <Button variant="link" size="sm" className="self-start px-0" onClick={onStartOver}>
        {t.anotherAddress}
      </Button>
    </div>
  );
}
