import { toast } from 'sonner';

/**
 * Runs a dialog's request: on success the service's own words show as a
 * toast that outlives the dialog, which closes; a refusal stays in the
 * dialog (the mutation's error) so it can be corrected and sent again.
 */
export async function runAction(
  request: () => Promise<{ message: string }>,
  onDone: () => void,
): Promise<void> {
  const result = await request().catch(() => undefined);
  if (!result) return;
  toast.success(result.message);
  onDone();
}
