import { createFileRoute } from '@tanstack/react-router';
import { SignupForm } from '@/features/auth/components/signup-form.tsx';

export const Route = createFileRoute('/login/signup')({
  component: SignupForm,
});
