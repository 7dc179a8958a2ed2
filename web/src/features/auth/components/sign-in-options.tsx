import { Link } from '@tanstack/react-router';
import { ChevronRight, KeyRound, Mail, UserPlus } from 'lucide-react';
import { NeedHelpPayingLink } from '@/components/assistance-links.tsx';
import { useMessages } from '@/lib/messages.ts';
import { signInOptionsMessages } from '../auth.messages.ts';
import { MagicLinkRequestForm } from './magic-link-request-form.tsx';

const OPTIONS = [
  { to: '/login/pin', icon: KeyRound },
  { to: '/login/email', icon: Mail },
  { to: '/login/signup', icon: UserPlus },
] as const;

const idOf = (to: string) => `sign-in-option${to.replaceAll('/', '-')}`;

/** /login: the guarantor picks how to sign in. */
export function SignInOptions() {
  const t = useMessages(signInOptionsMessages);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight">{t.heading}</h1>
        <p className="text-muted-foreground">{t.intro}</p>
      </div>
      <ul className="flex flex-col gap-3">
        {OPTIONS.map(({ to, icon: Icon }) => (
          <li
            key={to}
            className="relative flex min-h-16 items-center gap-4 rounded-lg border border-border p-4 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-ring hover:border-brand hover:bg-muted"
          >
            <Icon aria-hidden="true" className="size-6 shrink-0 text-muted-foreground" />
            <div className="flex flex-1 flex-col gap-0.5">
              {/* The link covers the whole card (after:inset-0) while its name stays short. */}
              <Link
                to={to}
                aria-describedby={`${idOf(to)}-hint`}
                className="font-semibold after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none"
              >
                {t.options[to].label}
              </Link>
              <p id={`${idOf(to)}-hint`} className="text-sm text-muted-foreground">
                {t.options[to].hint}
              </p>
            </div>
            <ChevronRight aria-hidden="true" className="size-5 text-muted-foreground" />
          </li>
        ))}
      </ul>
      <div className="flex items-center gap-3 text-sm text-muted-foreground" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        {t.or}
        <span className="h-px flex-1 bg-border" />
      </div>
      <MagicLinkRequestForm />
      <NeedHelpPayingLink className="self-center text-sm" />
    </div>
  );
}
