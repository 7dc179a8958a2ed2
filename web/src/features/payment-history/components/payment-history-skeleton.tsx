import { ListSkeleton } from '@/components/list-skeleton.tsx';
import { useMessages } from '@/lib/messages.ts';
import { paymentHistoryMessages } from '../payment-history.messages.ts';

const CELLS = [
  'h-5 w-28',
  'h-9 w-40',
  'hidden h-5 w-32 md:block',
  'h-6 w-16 rounded-full',
  'h-5 w-full md:flex-1',
  'h-5 w-20 md:ml-auto',
] as const;

export function PaymentHistorySkeleton() {
  const t = useMessages(paymentHistoryMessages);
  return <ListSkeleton label={t.loading} cells={CELLS} />;
}
