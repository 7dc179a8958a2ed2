import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { StatementSummary } from '@webpay/contracts/statements';
import { unwrap } from '@/lib/api-client.ts';
import { useLanguage } from '@/lib/language.ts';
import { getStatementPdf } from '../api/get-statement-pdf.ts';
import { downloadFailedMessage, statementFileName } from '../utils/statement-words.ts';
import { saveFile } from '@/lib/save-file.ts';

/**
 * Fetches a statement's PDF with the session's headers and saves it; a failure is toasted.
 * The PDF, its file name and the toast are in the language the page is read in.
 */
export function useDownloadStatement(statement: Pick<StatementSummary, 'id' | 'statementDate'>) {
  const language = useLanguage();
  return useMutation({
    mutationFn: async () => {
      const pdf = unwrap(await getStatementPdf(statement.id));
      saveFile(pdf, statementFileName(statement, language));
    },
    onError: () => {
      toast.error(downloadFailedMessage(statement, language), {
        id: `statement-pdf-${statement.id}`,
      });
    },
  });
}
