/** The earliest date of birth the service accepts (contracts birthdateSchema). */
export const BIRTHDATE_MIN = '1900-01-01';

/** Today as YYYY-MM-DD in the guarantor's own time zone, the latest possible date of birth. */
export function todayIsoDate(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}
