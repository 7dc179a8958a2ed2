import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  OFFICE_API_PATHS,
  guarantorPageSchema,
  supportActionResultSchema,
  type SupportAction,
  type SupportActionRequest,
} from '@webpay/contracts/office';
import { unwrap } from '@/lib/api-client.ts';
import { saveFile } from '@/lib/save-file.ts';
import { officeApi } from '../../../lib/office-api.ts';

export const guarantorQueryOptions = (guarantorId: string) =>
  queryOptions({
    queryKey: ['office', 'guarantor', guarantorId],
    queryFn: async ({ signal }) =>
      unwrap(
        await officeApi.get(OFFICE_API_PATHS.guarantor(guarantorId), guarantorPageSchema, {
          signal,
        }),
      ),
  });

/** A support action with its reason; the page and its audit rows are read again afterwards. */
export function useSupportAction(guarantorId: string, action: SupportAction) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: SupportActionRequest) =>
      unwrap(
        await officeApi.post(
          OFFICE_API_PATHS.guarantorAction(guarantorId, action),
          request,
          supportActionResultSchema,
        ),
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['office', 'guarantor', guarantorId] }),
        queryClient.invalidateQueries({ queryKey: ['office', 'audit'] }),
      ]),
  });
}

const PDF = 'application/pdf';

/** A statement's PDF, fetched with the staff session and saved under a readable name. */
export async function downloadStatementPdf(
  guarantorId: string,
  statementId: string,
  fileName: string,
): Promise<void> {
  const file = unwrap(
    await officeApi.getBlob({
      path: OFFICE_API_PATHS.guarantorStatementPdf(guarantorId, statementId),
      accept: PDF,
    }),
  );
  saveFile(file, fileName);
}

/** The new PIN's letter, opened for printing; saved instead where the browser blocks the tab. */
export async function openPinLetter(guarantorId: string, letterId: string): Promise<void> {
  const file = unwrap(
    await officeApi.getBlob({
      path: OFFICE_API_PATHS.pinLetter(guarantorId, letterId),
      accept: PDF,
    }),
  );
  const url = URL.createObjectURL(file);
  const opened = window.open(url, '_blank');
  if (!opened) saveFile(file, `pin-letter-${letterId}.pdf`);
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
