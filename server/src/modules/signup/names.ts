/**
 * A name as a guarantor might type it compared with the billing record:
 * case, accents, curly apostrophes, hyphens and extra spaces do not matter
 * ("José  García-López" matches "JOSE GARCIA LOPEZ").
 */
export function normalizeName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[’‘`´]/g, "'")
    .replace(/[\s-]+/g, ' ')
    .trim();
}

export function namesMatch(typed: string, onFile: string): boolean {
  const normalized = normalizeName(typed);
  return normalized !== '' && normalized === normalizeName(onFile);
}
