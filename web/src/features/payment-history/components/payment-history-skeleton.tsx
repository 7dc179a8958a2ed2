import { Card } from '@/components/ui/card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';

export function PaymentHistorySkeleton() {
  return (
    <div aria-busy="true">
      <p role="status" className="sr-only">
        Loading your payments…
      </p>
      <Card className="flex flex-col gap-4 p-5" aria-hidden="true">
        {Array.from({ length: 4 }, (_, index) => (
          <div key={index} className="flex flex-col gap-3 md:flex-row md:items-center md:gap-4">
            <Skeleton className="h-5 w-28" />
            <Skeleton className="h-9 w-40" />
            <Skeleton className="hidden h-5 w-32 md:block" />
            <Skeleton className="h-6 w-16 rounded-full" />
            <Skeleton className="h-5 w-full md:flex-1" />
            <Skeleton className="h-5 w-20 md:ml-auto" />
          </div>
        ))}
      </Card>
    </div>
  );
}
