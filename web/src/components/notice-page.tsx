import type { ReactNode } from 'react';

/** A page with a heading, a short explanation and a way on. */
export function NoticePage({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <div className="flex flex-col gap-3 text-muted-foreground">{children}</div>
      {actions && (
        <div className="flex flex-col gap-2 pt-2 sm:flex-row sm:flex-wrap">{actions}</div>
      )}
    </div>
  );
}
