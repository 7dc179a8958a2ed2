import { useId, useState, type ChangeEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ApplicationDocument } from '@webpay/contracts/assistance-application';
import { LOCALES } from '@webpay/contracts/language';
import { Button } from '@/components/ui/button.tsx';
import { FieldError } from '@/components/ui/field-error.tsx';
import { FileChoice } from './file-choice.tsx';
import { useLanguage } from '@/lib/language.ts';
import { useMessages } from '@/lib/messages.ts';
import { applyMessages, trackerMessages } from '../assistance-application.messages.ts';
import { trackerQueryKey } from '../api/application-queries.ts';
import { uploadDocument } from '../api/applications-api.ts';
import { useFileProblemText } from '../hooks/use-file-problem-text.ts';
import { DOCUMENT_ACCEPT, formatFileSize } from '../utils/document-file.ts';

export interface OutstandingDocumentProps {
  reference: string;
  document: ApplicationDocument;
  /** What it is and whose, e.g. "Proof of income for Maria Garcia". */
  label: string;
}

/** One document the office is waiting for: choose a file, send it, and try again if it fails. */
export function OutstandingDocument({ reference, document, label }: OutstandingDocumentProps) {
  const t = useMessages(trackerMessages);
  const apply = useMessages(applyMessages);
  const language = useLanguage();
  const id = useId();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const problemText = useFileProblemText();

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    const refused = chosen && problemText(chosen);
    setProblem(refused || null);
    setFile(refused ? null : chosen);
    if (refused) event.target.value = '';
  };

  const send = async () => {
    if (!file) return;
    setSending(true);
    setProblem(null);
    const result = await uploadDocument(
      reference,
      {
        memberIndex: document.memberIndex,
        kind: document.kind,
        fileName: file.name,
        documentId: document.id,
      },
      file,
    );
    setSending(false);
    if (result.error)
      return setProblem(`${result.error.title}. ${result.error.details[0] ?? ''}`.trim());
    await queryClient.invalidateQueries({ queryKey: trackerQueryKey(reference) });
  };

  return (
    <div className="flex flex-col gap-2 rounded-md border border-border p-3">
      {document.rejectReason && (
        <p className="text-sm">{t.documents.reason(document.rejectReason)}</p>
      )}
      <FileChoice
        id={id}
        label={t.documents.choose(label)}
        accept={DOCUMENT_ACCEPT}
        onChange={choose}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
      />
      {file && (
        <p className="text-sm break-all">
          {apply.documents.fileSize(file.name, formatFileSize(file.size, LOCALES[language]))}
        </p>
      )}
      {problem && (
        <FieldError id={`${id}-error`} role="alert">
          {problem}
        </FieldError>
      )}
      <Button
        type="button"
        variant="secondary"
        className="self-stretch sm:self-start"
        disabled={!file || sending}
        aria-busy={sending || undefined}
        onClick={() => void send()}
      >
        {sending ? t.documents.uploading : t.documents.upload}
      </Button>
    </div>
  );
}
