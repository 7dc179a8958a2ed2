import { createFileRoute } from '@tanstack/react-router';
import { VerifyCodeForm } from '@/features/auth/components/verify-code-form.tsx';

export const Route = createFileRoute('/verify/code')({
  component: VerifyCodePage,
});

function VerifyCodePage() {
  // guarantorId, verificationId, email and a safe next, as the /verify layout read them.
  const search = Route.useSearch();
  return <VerifyCodeForm {...search} />;
}
