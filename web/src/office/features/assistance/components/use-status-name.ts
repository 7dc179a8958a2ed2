import {
  APPLICATION_STATUS_NAMES,
  type ApplicationStatus,
} from '@webpay/contracts/assistance-application';
import { useLanguage } from '@/lib/language.ts';

/** The application's status by its pinned name (issue #27) in the reader's language. */
export function useStatusName(): (status: ApplicationStatus) => string {
  const names = APPLICATION_STATUS_NAMES[useLanguage()];
  return (status) => names[status];
}
