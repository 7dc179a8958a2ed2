import { createFileRoute } from '@tanstack/react-router';
import { PlanSetupPage } from '@/features/payment-plans/components/plan-setup-page.tsx';

export const Route = createFileRoute('/_authenticated/payment-plan')({
  component: PlanSetupPage,
});
