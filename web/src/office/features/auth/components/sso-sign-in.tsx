import { useQuery } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button-variants.ts';
import { useMessages } from '@/lib/messages.ts';
import { SSO_START_URL, ssoStatusQueryOptions } from '../api/sign-in.ts';
import { signInMessages } from '../auth.messages.ts';

/**
 * The way in through the organisation's identity provider, shown only when
 * the service has single sign-on configured. A plain link: the service
 * answers it with a redirect to the provider.
 */
export function SsoSignIn() {
  const t = useMessages(signInMessages);
  const status = useQuery(ssoStatusQueryOptions());
  if (!status.data?.enabled) return null;
  return (
    <div className="flex flex-col gap-4">
      <p className="flex items-center gap-3 text-sm text-muted-foreground before:h-px before:flex-1 before:bg-border after:h-px after:flex-1 after:bg-border">
        {t.or}
      </p>
      <a
        href={SSO_START_URL}
        className={buttonVariants({ variant: 'secondary' })}
        aria-describedby={status.data.label ? 'sso-provider' : undefined}
      >
        <KeyRound aria-hidden="true" />
        {t.sso}
      </a>
      {status.data.label && (
        <p id="sso-provider" className="-mt-2 text-center text-sm text-muted-foreground">
          {t.ssoWith(status.data.label)}
        </p>
      )}
    </div>
  );
}
