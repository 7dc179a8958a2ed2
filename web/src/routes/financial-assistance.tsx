import { createFileRoute } from '@tanstack/react-router';
import { AssistancePage } from '@/features/financial-assistance/components/assistance-page.tsx';

// Section 501(r): the policy is for anyone, so the page is outside the signed-in area.
export const Route = createFileRoute('/financial-assistance')({
  component: AssistancePage,
});
