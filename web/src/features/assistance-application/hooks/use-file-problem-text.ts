import { MAX_DOCUMENT_BYTES } from '@webpay/contracts/assistance-application';
import { LOCALES } from '@webpay/contracts/language';
import { useLanguage } from '@/lib/language.ts';
import { useMessages } from '@/lib/messages.ts';
import { applyMessages } from '../assistance-application.messages.ts';
import { documentFileProblem, formatFileSize } from '../utils/document-file.ts';

/** Why a chosen file cannot be sent, in words, or null when it can. */
export function useFileProblemText(): (file: File) => string | null {
  const t = useMessages(applyMessages);
  const language = useLanguage();
  return (file) => {
    const problem = documentFileProblem(file);
    if (problem === 'wrongType') return t.documents.wrongType(file.name);
    if (problem === 'tooLarge') {
      return t.documents.tooLarge(file.name, formatFileSize(MAX_DOCUMENT_BYTES, LOCALES[language]));
    }
    return null;
  };
}
