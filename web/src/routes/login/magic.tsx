import { createFileRoute } from '@tanstack/react-router';
import { MagicLinkSignIn } from '@/features/auth/components/magic-link-sign-in.tsx';

export const Route = createFileRoute('/login/magic')({
  // SPEC §2: a token that is not a string is dropped (set to undefined, as unvalidated
  // parameters would otherwise pass through from the root).
  validateSearch: (search: Record<string, unknown>): { abracadabra?: string } => ({
    abracadabra: typeof search.abracadabra === 'string' ? search.abracadabra : undefined,
  }),
  component: MagicLinkPage,
});

function MagicLinkPage() {
  const { abracadabra } = Route.useSearch();
  return <MagicLinkSignIn token={abracadabra} />;
}
