import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ErrorObject } from '@webpay/contracts/errors';
import type { CreatePlanRequest, PlanCreated } from '@webpay/contracts/payment-plans';
import { queryKeys } from '@/lib/query-keys.ts';
import { createPlan } from '../api/payment-plans-api.ts';

interface Attempt {
  fingerprint: string;
  idempotencyKey: string;
}

/**
 * Sends the plan. One attempt carries one Idempotency-Key: sending the very
 * same plan again after a failure reuses it, so the service makes the plan
 * once however often the guarantor retries; a changed plan is a new attempt.
 */
export function useCreatePlan(onCreated: (created: PlanCreated) => void) {
  const queryClient = useQueryClient();
  const attempt = useRef<Attempt | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ErrorObject | null>(null);

  const submit = useCallback(
    async (body: CreatePlanRequest) => {
      const fingerprint = JSON.stringify(body);
      if (attempt.current?.fingerprint !== fingerprint) {
        attempt.current = { fingerprint, idempotencyKey: crypto.randomUUID() };
      }
      setPending(true);
      setError(null);
      const result = await createPlan(body, attempt.current.idempotencyKey);
      setPending(false);
      if (result.error) {
        setError(result.error);
        return;
      }
      attempt.current = null;
      // The new plan shows in the dashboard's plan table; its accounts leave the open ones.
      void queryClient.invalidateQueries({ queryKey: queryKeys.encounters });
      void queryClient.invalidateQueries({ queryKey: queryKeys.payments });
      onCreated(result.data);
    },
    [onCreated, queryClient],
  );
  return { submit, pending, error, dismissError: () => setError(null) };
}
