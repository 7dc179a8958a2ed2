import { createFileRoute } from '@tanstack/react-router';
import { SignInOptions } from '@/features/auth/components/sign-in-options.tsx';

export const Route = createFileRoute('/login/')({
  component: SignInOptions,
});
