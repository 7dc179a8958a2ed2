import type { Language } from '@webpay/contracts/language';
import { messagesIn } from '@/lib/messages.ts';
import { dashboardMessages } from '../dashboard.messages.ts';

/** "1 item", "5 items": the counts on summary cards and tabs. */
export function itemCountText(count: number, language: Language): string {
  return messagesIn(dashboardMessages, language).selection.itemCount(count);
}

/** SPEC §2 Bottom bar: the count selected, or 'No items selected for payment'. */
export function selectedCountText(count: number, language: Language): string {
  const words = messagesIn(dashboardMessages, language);
  if (count === 0) return words.messages.noItemsSelected;
  return words.selection.selectedCount(count);
}
