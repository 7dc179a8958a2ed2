import { useMessages } from '@/lib/messages.ts';
import { reviewMessages } from '../assistance.messages.ts';
import type { FormError } from '../utils/review-forms.ts';

/** A check's key in the reader's words. */
export function useFormErrorText(): (error: FormError | undefined) => string | undefined {
  const t = useMessages(reviewMessages);
  return (error) => (error === undefined ? undefined : t.formErrors[error]);
}
