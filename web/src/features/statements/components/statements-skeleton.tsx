import { ListSkeleton } from '@/components/list-skeleton.tsx';
import { useMessages } from '@/lib/messages.ts';
import { statementsMessages } from '../statements.messages.ts';

const CELLS = [
  'h-5 w-32',
  'hidden h-5 w-28 md:block',
  'h-6 w-16 rounded-full',
  'hidden h-5 w-28 md:block',
  'h-5 w-24 md:ml-auto',
  'h-11 w-full md:w-52',
] as const;

export function StatementsSkeleton() {
  const t = useMessages(statementsMessages);
  return <ListSkeleton label={t.loading} cells={CELLS} />;
}
