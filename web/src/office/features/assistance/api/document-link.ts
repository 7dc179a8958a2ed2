import {
  ASSISTANCE_REVIEW_PATHS,
  documentLinkSchema,
} from '@webpay/contracts/assistance-application';
import { unwrap } from '@/lib/api-client.ts';
import { officeApi } from '../../../lib/office-api.ts';

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
    // The service gives the whole path, under the console's API.
    const href = link.url;
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
