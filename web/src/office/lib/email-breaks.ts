/**
 * An e-mail address cut where it may wrap: before its @ and before each dot
 * of its domain, so a narrow column shows "dana.whitfield" over
 * "@wasatchvalleyhealth" over ".example" rather than splitting a word.
 */
export function emailBreaks(address: string): string[] {
  const at = address.lastIndexOf('@');
  if (at <= 0) return [address];
  const domain = address.slice(at + 1).split('.');
  const [host = '', ...rest] = domain;
  return [address.slice(0, at), `@${host}`, ...rest.map((label) => `.${label}`)];
}
