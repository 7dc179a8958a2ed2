import type { QueryClient } from '@tanstack/react-query';
import type { Auth } from '@/lib/auth.ts';

export interface RouterContext {
  queryClient: QueryClient;
  auth: Auth;
}
