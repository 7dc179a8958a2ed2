import { createFileRoute } from '@tanstack/react-router';
import { TrackerPage } from '@/features/assistance-application/components/tracker-page.tsx';

export const Route = createFileRoute(
  '/_authenticated/financial-assistance/applications/$reference',
)({
  component: TrackerRoute,
});

function TrackerRoute() {
  const { reference } = Route.useParams();
  return <TrackerPage reference={reference} />;
}
