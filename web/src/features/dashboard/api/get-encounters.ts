import { useCallback } from 'react';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys.ts';

/**
 * SPEC §2 'refetch' of a facility's panel: asks the service for the bills
 * again while the current ones stay on screen. `refetching` is true while
 * any load of them runs, including the one every visit starts.
 */
export function useRefetchEncounters(): { refetch: () => void; refetching: boolean } {
  const queryClient = useQueryClient();
  const refetching = useIsFetching({ queryKey: queryKeys.encounters }) > 0;
  const refetch = useCallback(
    () => void queryClient.refetchQueries({ queryKey: queryKeys.encounters }),
    [queryClient],
  );
  return { refetch, refetching };
}
