import { DASHBOARD_MESSAGES } from '@webpay/contracts/messages';

/** "1 item", "5 items": the counts on summary cards and tabs. */
export function itemCountText(count: number): string {
  return `${count} ${count === 1 ? 'item' : 'items'}`;
}

/** SPEC §2 Bottom bar: the count selected, or 'No items selected for payment'. */
export function selectedCountText(count: number): string {
  if (count === 0) return DASHBOARD_MESSAGES.noItemsSelected;
  return `${itemCountText(count)} selected`;
}
