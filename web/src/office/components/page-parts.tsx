import type { ReactNode } from 'react';
import { AlertMessage } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { TableCell, TableHead } from '@/components/ui/table.tsx';
import { useMessages } from '@/lib/messages.ts';
import { cn } from '@/lib/utils.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { errorText } from '../lib/error-text.ts';
import { officeMessages } from './office.messages.ts';

/**
 * A page's one h1, which also names the browser tab. The line under it stays
 * with the heading when the actions wrap below, as longer Spanish labels do.
 */
export function PageHeading({
  children,
  subtitle,
  actions,
}: {
  children: string;
  subtitle?: string;
  actions?: ReactNode;
}) {
  const t = useMessages(officeMessages);
  useDocumentTitle(t.pageTitle(children));
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <div>
        <h1 className="text-xl font-semibold tracking-tight">{children}</h1>
        {subtitle && <p className="text-sm text-muted-foreground tabular-nums">{subtitle}</p>}
      </div>
      {actions}
    </div>
  );
}

/** A titled part of a page, named by its heading for assistive technology. */
export function Section({
  id,
  title,
  actions,
  className,
  children,
}: {
  id: string;
  title: string;
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className={cn('rounded-lg border border-border bg-surface p-4', className)}
    >
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-heading`} className="text-base font-semibold">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** A call that failed, in the service's words, with a way to try again. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useMessages(officeMessages);
  return (
    <div className="flex flex-col items-start gap-3">
      <AlertMessage variant="danger">{errorText(error, t.failed)}</AlertMessage>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {t.retry}
      </Button>
    </div>
  );
}

export function Loading() {
  const t = useMessages(officeMessages);
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
      <Spinner />
      {t.loading}
    </p>
  );
}

/** Dense cells for tables read all day: less padding than the portal's. */
export function Th({ className, ...props }: React.ComponentProps<typeof TableHead>) {
  return <TableHead className={cn('px-2 py-2 text-xs', className)} {...props} />;
}

export function Td({ className, ...props }: React.ComponentProps<typeof TableCell>) {
  return <TableCell className={cn('md:px-2 md:py-1.5', className)} {...props} />;
}
