import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';

/** Announces what is loading while the placeholder shapes stay silent. */
export function LoadingPlaceholder({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div aria-busy="true">
      <p role="status" className="sr-only">
        {label}
      </p>
      <div aria-hidden="true">{children}</div>
    </div>
  );
}

/**
 * A list or table on its way: a few rows of placeholder cells, stacked on
 * phones and in a line from md up. Each cell is the Tailwind size of the
 * value it stands for.
 */
export function ListSkeleton({ label, cells }: { label: string; cells: readonly string[] }) {
  return (
    <LoadingPlaceholder label={label}>
      <Card className="flex flex-col gap-4 p-5">
        {Array.from({ length: 4 }, (_, row) => (
          <div key={row} className="flex flex-col gap-3 md:flex-row md:items-center md:gap-4">
            {cells.map((cell, index) => (
              <Skeleton key={index} className={cell} />
            ))}
          </div>
        ))}
      </Card>
    </LoadingPlaceholder>
  );
}
