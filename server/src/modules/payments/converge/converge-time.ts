/*
 * Converge writes times as "10/14/2020 12:10:33 PM" and takes search dates in
 * the same shape. Neither carries a zone; WebPay reads and writes them as
 * UTC, as the built-in emulator does (docs/sandbox-processor.md). A
 * production merchant account set to another zone changes only the day a
 * transaction near midnight is counted on in the settlement view.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** A moment as Converge writes it. */
export function formatConvergeTime(date: Date): string {
  const hours = date.getUTCHours();
  const twelveHour = hours % 12 === 0 ? 12 : hours % 12;
  return (
    `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${date.getUTCFullYear()} ` +
    `${pad(twelveHour)}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} ` +
    (hours < 12 ? 'AM' : 'PM')
  );
}

const CONVERGE_TIME = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}):(\d{2}) (AM|PM)$/;

/** The moment in a Converge time, or undefined when the text is not one. */
export function parseConvergeTime(text: string | undefined): Date | undefined {
  const match = CONVERGE_TIME.exec(text?.trim() ?? '');
  if (!match) return undefined;
  const [, month, day, year, hour, minute, second, half] = match.map(String);
  const hours = (Number(hour) % 12) + (half === 'PM' ? 12 : 0);
  const date = new Date(
    Date.UTC(Number(year), Number(month) - 1, Number(day), hours, Number(minute), Number(second)),
  );
  return Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(day) ? undefined : date;
}
