import { createFileRoute } from '@tanstack/react-router';
import { ApplyPage } from '@/features/assistance-application/components/apply-page.tsx';

// Under the public policy page's path, but signed in: a signed-out patient signs in and comes back.
export const Route = createFileRoute('/_authenticated/financial-assistance/apply')({
  component: ApplyPage,
});
