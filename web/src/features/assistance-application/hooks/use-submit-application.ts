import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ErrorObject } from '@webpay/contracts/errors';
import type { SubmitApplication, Tracker } from '@webpay/contracts/assistance-application';
import { queryKeys } from '@/lib/query-keys.ts';
import { submitApplication } from '../api/applications-api.ts';

export interface Attempt {
  fingerprint: string;
  key: string;
}

/**
 * Sends the application. One attempt carries one Idempotency-Key: sending
 * the very same answers again after a failure (or after a reload, the key
 * being kept with the draft) reuses it, so the service makes one
 * application however often the guarantor retries; changed answers are a
 * new attempt.
 */
export function useSubmitApplication(
  attempt: Attempt | null,
  setAttempt: (attempt: Attempt | null) => void,
  onSubmitted: (tracker: Tracker) => void,
) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ErrorObject | null>(null);

  const submit = async (body: SubmitApplication) => {
    const fingerprint = JSON.stringify(body);
    const current =
      attempt?.fingerprint === fingerprint ? attempt : { fingerprint, key: crypto.randomUUID() };
    setAttempt(current);
    setPending(true);
    setError(null);
    const result = await submitApplication(body, current.key);
    setPending(false);
    if (result.error) {
      setError(result.error);
      return;
    }
    // The hold pauses autopay and plan charges, which live under the payments key too.
    void queryClient.invalidateQueries({ queryKey: queryKeys.payments });
    void queryClient.invalidateQueries({ queryKey: queryKeys.encounters });
    onSubmitted(result.data);
  };
  return { submit, pending, error };
}
