import { DEVELOPMENT_API_KEY } from '@webpay/contracts/api';

const API_KEY_META = 'webpay-api-key';

/**
 * The server rewrites the meta tag with the real key when it serves the page,
 * so the key never has to be baked into the bundle.
 */
export function readApiKey(doc: Document = document): string {
  const content = doc.querySelector<HTMLMetaElement>(`meta[name="${API_KEY_META}"]`)?.content;
  if (content) return content;
  return import.meta.env.DEV ? DEVELOPMENT_API_KEY : '';
}
