import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { StatementSummary } from '@webpay/contracts/statements';
import { unwrap } from '@/lib/api-client.ts';
import { getStatementPdf } from '../api/get-statement-pdf.ts';
import { downloadFailedMessage, statementFileName } from '../utils/statement-words.ts';
import { saveFile } from '../utils/save-file.ts';

/** Fetches a statement's PDF with the session's headers and saves it; a failure is toasted. */
export function useDownloadStatement(statement: Pick<StatementSummary, 'id' | 'statementDate'>) {
  return useMutation({
    mutationFn: async () => {
      const pdf = unwrap(await getStatementPdf(statement.id));
      saveFile(pdf, statementFileName(statement));
    },
    onError: () => {
      toast.error(downloadFailedMessage(statement), { id: `statement-pdf-${statement.id}` });
    },
  });
}
