import { useAppConfig } from '@/config/get-app-config.ts';
import { useSupportPhone } from '@/hooks/use-branding.ts';
import { useSession } from '@/lib/session.ts';

/**
 * Who a plan or autopay authorization names, as the eCheck authorization
 * takes them: the provider of the app configuration as payee, and the
 * guarantor's own support phone, else the configured fallback. The service
 * words the text again from the same values and refuses a different one.
 */
export interface AuthorizationParties {
  payee: string;
  billingOfficePhone: string;
}

/** Undefined until the app configuration has arrived. */
export function useAuthorizationParties(): AuthorizationParties | undefined {
  const config = useAppConfig().data;
  const session = useSession();
  const phone = useSupportPhone(session?.user);
  if (!config) return undefined;
  return { payee: config.branding.providerName, billingOfficePhone: phone ?? '' };
}
