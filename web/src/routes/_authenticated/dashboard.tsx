import { createFileRoute } from '@tanstack/react-router';
import { Dashboard } from '@/features/dashboard/components/dashboard.tsx';

export const Route = createFileRoute('/_authenticated/dashboard')({
  component: Dashboard,
});
