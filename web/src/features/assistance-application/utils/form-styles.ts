/** The look the application's steps share. */
export const FIELDSET =
  'flex min-w-0 flex-col gap-4 rounded-lg border border-border bg-surface p-4';
export const LEGEND = 'px-1 text-base font-semibold';
export const SELECT =
  'min-h-11 w-full rounded-md border border-input bg-surface px-3 text-base text-surface-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-invalid:border-danger';

/** aria props tying a field to its hint and error. */
export function describedBy(id: string, hint: boolean, error: string | undefined) {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { 'aria-describedby': ids || undefined, 'aria-invalid': error ? true : undefined };
}
