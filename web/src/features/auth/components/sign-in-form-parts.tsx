import type { ReactNode } from 'react';
import { Link, type LinkProps } from '@tanstack/react-router';
import { Button, type ButtonProps } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { TextField, type TextFieldProps } from '@/components/ui/text-field.tsx';
import { useMessages } from '@/lib/messages.ts';
import { signInCommonMessages } from '../auth.messages.ts';
import { BIRTHDATE_MIN, todayIsoDate } from '../utils/dates.ts';

const FOOTER_LINK_CLASS = 'font-medium underline underline-offset-4';

/** The page heading and its introduction that open every sign-in page. */
export function SignInHeading({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-2">
      <h1 className="text-2xl font-bold tracking-tight">{heading}</h1>
      <p className="text-muted-foreground">{children}</p>
    </div>
  );
}

export interface SubmitButtonProps {
  /** While the request runs the button is busy, disabled and shows a spinner. */
  pending: boolean;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  children: ReactNode;
}

/** The button that sends a sign-in form, busy while its request runs. */
export function SubmitButton({ pending, variant, size, children }: SubmitButtonProps) {
  return (
    <Button type="submit" variant={variant} size={size} disabled={pending} aria-busy={pending}>
      {pending && <Spinner />}
      {children}
    </Button>
  );
}

/** A sentence inviting the guarantor to another way in, e.g. "New here? Sign up". */
export interface FooterInvitation {
  text: string;
  to: LinkProps['to'];
  label: string;
}

export interface SignInFooterProps {
  invitation?: FooterInvitation;
  /** Where the last link leads; the other ways to sign in unless given. */
  back?: { to: LinkProps['to']; label: string };
}

/** The links under a sign-in form: an optional invitation, then the way back. */
export function SignInFooter({ invitation, back }: SignInFooterProps) {
  const common = useMessages(signInCommonMessages);
  const backLink = (
    <Link to={back?.to ?? '/login'} className={FOOTER_LINK_CLASS}>
      {back?.label ?? common.otherWaysToSignIn}
    </Link>
  );
  if (!invitation) return <p className="text-center text-sm">{backLink}</p>;
  return (
    <div className="flex flex-col items-center gap-2 text-center text-sm">
      <p>
        {invitation.text}{' '}
        <Link to={invitation.to} className={FOOTER_LINK_CLASS}>
          {invitation.label}
        </Link>
      </p>
      {backLink}
    </div>
  );
}

/** A field's id, its translated error and what `register` gives it. */
type SignInFieldProps = Omit<TextFieldProps, 'label'> & { id: string };

/** The e-mail address field the e-mail sign-in, magic link and sign-up forms share. */
export function EmailAddressField(props: SignInFieldProps) {
  const common = useMessages(signInCommonMessages);
  return (
    <TextField
      label={common.emailAddress}
      type="email"
      autoComplete="email"
      spellCheck={false}
      {...props}
    />
  );
}

/** The date of birth field, limited to the dates a guarantor can have been born on. */
export function BirthdateField(props: SignInFieldProps) {
  const common = useMessages(signInCommonMessages);
  return (
    <TextField
      label={common.dateOfBirth}
      type="date"
      autoComplete="bday"
      min={BIRTHDATE_MIN}
      max={todayIsoDate()}
      {...props}
    />
  );
}
