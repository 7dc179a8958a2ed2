import { createFileRoute } from '@tanstack/react-router';
import { PinLoginForm } from '@/features/auth/components/pin-login-form.tsx';

export const Route = createFileRoute('/login/pin')({
  // Kept raw: the form must tell the guarantor when a redirect was refused (SPEC §2).
  validateSearch: (search: Record<string, unknown>): { next?: unknown } =>
    search.next === undefined ? {} : { next: search.next },
  component: PinLoginPage,
});

function PinLoginPage() {
  const { next } = Route.useSearch();
  return <PinLoginForm next={next} />;
}
