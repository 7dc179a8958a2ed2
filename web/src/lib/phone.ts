/** `tel:` address of a phone number as people write it, e.g. (801) 555-0100. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
