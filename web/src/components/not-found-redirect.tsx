import { Navigate } from '@tanstack/react-router';

/** SPEC §2: unknown paths go to the start, replacing the bad entry in history. */
export function NotFoundRedirect() {
  return <Navigate to="/" replace />;
}
