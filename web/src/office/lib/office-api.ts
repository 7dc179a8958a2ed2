import { OFFICE_API_BASE_PATH } from '@webpay/contracts/office';
import { createApiClient, type ApiClient } from '@/lib/api-client.ts';
import { staffSession } from './staff-session.ts';

type ContactListener = () => void;
const contactListeners = new Set<ContactListener>();

/**
 * Told of every call the console makes with the staff session: each one
 * restarts the service's idle clock, so the console's must restart too.
 */
export function onServiceContact(listener: ContactListener): () => void {
  contactListeners.add(listener);
  return () => {
    contactListeners.delete(listener);
  };
}

/**
 * The console's client: the portal's, pointed at the office API, with the
 * staff session's bearer token and no portal API key (decision 0023). A
 * refused token ends the session like the idle timeout does.
 */
export const officeApi: ApiClient = createApiClient({
  baseUrl: OFFICE_API_BASE_PATH,
  getApiKey: () => '',
  getToken: () => staffSession.get()?.token,
  onUnauthorized: () => staffSession.end('unauthorized'),
  fetch: (input, init) => {
    if (new Headers(init?.headers).has('Authorization')) {
      for (const listener of contactListeners) listener();
    }
    return globalThis.fetch(input, init);
  },
});
