import { createFileRoute } from '@tanstack/react-router';
import { useMessages } from '@/lib/messages.ts';
import { OfficeAuthFrame } from '../components/office-auth-frame.tsx';
import { enrolmentMessages } from '../features/enrolment/enrolment.messages.ts';
import { EnrolmentPage } from '../features/enrolment/components/enrolment-page.tsx';
import { officeConfigQueryOptions } from '../lib/hospital-time-zone.ts';

export const Route = createFileRoute('/enrol/$token')({
  // The link's expiry is a time in the hospital's zone, read before it is shown.
  loader: ({ context }) => context.queryClient.prefetchQuery(officeConfigQueryOptions()),
  component: EnrolRoute,
});

function EnrolRoute() {
  const { token } = Route.useParams();
  const t = useMessages(enrolmentMessages);
  return (
    <OfficeAuthFrame title={t.title} wide>
      <EnrolmentPage token={token} />
    </OfficeAuthFrame>
  );
}
