import { createFileRoute } from '@tanstack/react-router';
import { EmailLoginForm } from '@/features/auth/components/email-login-form.tsx';

export const Route = createFileRoute('/login/email')({
  // Kept raw like /login/pin: a refused redirect is pointed out, a safe one handed on (SPEC §2).
  validateSearch: (search: Record<string, unknown>): { next?: unknown } =>
    search.next === undefined ? {} : { next: search.next },
  component: EmailSignInPage,
});

function EmailSignInPage() {
  const { next } = Route.useSearch();
  return <EmailLoginForm next={next} />;
}
