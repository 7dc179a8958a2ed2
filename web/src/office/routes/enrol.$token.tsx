import { createFileRoute } from '@tanstack/react-router';
import { useMessages } from '@/lib/messages.ts';
import { OfficeAuthFrame } from '../components/office-auth-frame.tsx';
import { enrolmentMessages } from '../features/enrolment/enrolment.messages.ts';
import { EnrolmentPage } from '../features/enrolment/components/enrolment-page.tsx';

export const Route = createFileRoute('/enrol/$token')({
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
