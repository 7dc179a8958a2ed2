import { Card } from '@/components/ui/card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useMessages } from '@/lib/messages.ts';
import { dashboardMessages } from '../dashboard.messages.ts';

/** SPEC §2: four summary cards, the bills table, the plans table and the pay bar. */
export function DashboardSkeleton() {
  const t = useMessages(dashboardMessages);
  return (
    <div className="flex flex-col gap-6" aria-busy="true">
      <p role="status" className="sr-only">
        {t.loading}
      </p>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-hidden="true">
        {Array.from({ length: 4 }, (_, index) => (
          <Card key={index} className="flex flex-col gap-3 p-5">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-8 w-24" />
            <Skeleton className="h-10 w-full" />
          </Card>
        ))}
      </div>
      <Card className="flex flex-col gap-3 p-5" aria-hidden="true">
        <Skeleton className="h-5 w-48" />
        {Array.from({ length: 3 }, (_, index) => (
          <div key={index} className="flex items-center gap-4">
            <Skeleton className="h-5 flex-1" />
            <Skeleton className="hidden h-5 flex-1 md:block" />
            <Skeleton className="hidden h-5 w-24 md:block" />
            <Skeleton className="h-5 w-20" />
            <Skeleton className="h-9 w-28" />
          </div>
        ))}
      </Card>
      <Card className="flex flex-col gap-3 p-5" aria-hidden="true">
        <Skeleton className="h-5 w-56" />
        {Array.from({ length: 2 }, (_, index) => (
          <div key={index} className="flex items-center gap-4">
            <Skeleton className="size-5 rounded-sm" />
            <Skeleton className="h-5 flex-1" />
            <Skeleton className="h-6 w-16 rounded-full" />
            <Skeleton className="h-5 w-20" />
          </div>
        ))}
      </Card>
      <Card className="flex items-center justify-between gap-4 p-5" aria-hidden="true">
        <Skeleton className="h-6 w-40" />
        <Skeleton className="h-11 w-32" />
      </Card>
    </div>
  );
}
