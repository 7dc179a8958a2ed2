import type { QueryClient } from '@tanstack/react-query';
import type { StaffSessionStore } from '../lib/staff-session.ts';

export interface OfficeRouterContext {
  queryClient: QueryClient;
  session: StaffSessionStore;
}
