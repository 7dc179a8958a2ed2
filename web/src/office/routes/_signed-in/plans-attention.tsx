import { createFileRoute } from '@tanstack/react-router';
import { PlansAttentionPage } from '../../features/home/components/plans-attention-page.tsx';

export const Route = createFileRoute('/_signed-in/plans-attention')({
  component: PlansAttentionPage,
});
