import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils.ts';

/*
 * A table that turns into stacked cards below the md breakpoint, so phones
 * never scroll sideways. Explicit roles keep the table semantics that some
 * browsers drop once table parts are restyled as blocks.
 */

export function Table({ className, ...props }: ComponentProps<'table'>) {
  return (
    <table role="table" className={cn('w-full border-collapse text-sm', className)} {...props} />
  );
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return (
    <thead
      role="rowgroup"
      className={cn('sr-only md:not-sr-only md:table-header-group', className)}
      {...props}
    />
  );
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return (
    <tbody
      role="rowgroup"
      className={cn('flex flex-col gap-3 md:table-row-group', className)}
      {...props}
    />
  );
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr
      role="row"
      className={cn(
        'flex flex-col rounded-lg border border-border bg-surface p-4 md:table-row md:rounded-none md:border-0 md:border-b md:bg-transparent md:p-0 md:last:border-b-0',
        className,
      )}
      {...props}
    />
  );
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      role="columnheader"
      scope="col"
      className={cn(
        'border-b border-border px-3 py-3 text-left align-bottom text-sm font-semibold text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return (
    <td
      role="cell"
      className={cn(
        'flex items-center justify-between gap-4 py-1.5 md:table-cell md:px-3 md:py-3 md:align-middle',
        className,
      )}
      {...props}
    />
  );
}

/** The column name beside a value in the phone layout; the header row serves assistive tech. */
export function CellLabel({ className, ...props }: ComponentProps<'span'>) {
  return (
    <span
      aria-hidden="true"
      className={cn('text-sm font-medium text-muted-foreground md:hidden', className)}
      {...props}
    />
  );
}
