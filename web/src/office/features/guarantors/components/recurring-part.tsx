import type { ReactNode } from 'react';

/** A part of the "Recurring payments" section, under its own heading. */
export function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </div>
  );
}
