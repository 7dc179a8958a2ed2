import { Card } from '@/components/ui/card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';

export function StatementsSkeleton() {
  return (
    <div aria-busy="true">
      <p role="status" className="sr-only">
        Loading your statements…
      </p>
      <Card className="flex flex-col gap-4 p-5" aria-hidden="true">
        {Array.from({ length: 4 }, (_, index) => (
          <div key={index} className="flex flex-col gap-3 md:flex-row md:items-center md:gap-4">
            <Skeleton className="h-5 w-32" />
            <Skeleton className="hidden h-5 w-28 md:block" />
            <Skeleton className="h-6 w-16 rounded-full" />
            <Skeleton className="hidden h-5 w-28 md:block" />
            <Skeleton className="h-5 w-24 md:ml-auto" />
            <Skeleton className="h-11 w-full md:w-52" />
          </div>
        ))}
      </Card>
    </div>
  );
}
