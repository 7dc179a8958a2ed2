import {
  ASSISTANCE_REVIEW_PATHS,
  documentLinkSchema,
} from '@webpay/contracts/assistance-application';
import { OFFICE_API_BASE_PATH } from '@webpay/contracts/office';
import { unwrap } from '@/lib/api-client.ts';
import { officeApi } from '../../../lib/office-api.ts';

const FILES_PATH = ASSISTANCE_REVIEW_PATHS.documentFile('');

/** The link's address to open: a path of the console's API (documentFile) is put under its base. */
export function documentHref(url: string): string {
  return url.startsWith(FILES_PATH) ? `${OFFICE_API_BASE_PATH}${url}` : url;
}

/**
 * Opens one document in a new tab through a short-lived link (reviewers
 * only; each view is audited). The tab is opened first, on the click
 * itself, so no pop-up blocker takes it for an unasked window; it closes
 * again if the link is refused.
 */
export async function openDocument(reference: string, documentId: string): Promise<void> {
  const tab = window.open('about:blank', '_blank');
  try {
    const link = unwrap(
      await officeApi.post(
        ASSISTANCE_REVIEW_PATHS.documentLink(reference, documentId),
        undefined,
        documentLinkSchema,
      ),
    );
    const href = documentHref(link.url);
    if (!tab) {
      window.open(href, '_blank', 'noopener');
      return;
    }
    // The document needs nothing of the console's window.
    tab.opener = null;
    tab.location.href = href;
  } catch (error) {
    tab?.close();
    throw error;
  }
}
