import { useCallback, useRef, useState } from 'react';
import type { DocumentKind } from '@webpay/contracts/assistance-application';
import { uploadDocument } from '../api/applications-api.ts';

export type UploadState = 'waiting' | 'sending' | 'sent' | 'failed';

export interface DocumentUpload {
  id: string;
  file: File;
  memberIndex: number;
  kind: DocumentKind;
  /** Answers this outstanding document, when it is one. */
  documentId?: string;
  state: UploadState;
}

export type NewUpload = Omit<DocumentUpload, 'id' | 'state'>;

/**
 * Sends documents one after another (a phone on a weak connection does
 * better with one at a time) and keeps each one's state, so a failed one
 * can be sent again on its own.
 */
export function useDocumentUploads() {
  const [uploads, setUploads] = useState<DocumentUpload[]>([]);
  const running = useRef(false);
  const sentTo = useRef('');

  const setState = (id: string, state: UploadState) =>
    setUploads((current) =>
      current.map((upload) => (upload.id === id ? { ...upload, state } : upload)),
    );

  const send = useCallback(async (queue: readonly DocumentUpload[]) => {
    running.current = true;
    for (const upload of queue) {
      setState(upload.id, 'sending');
      const result = await uploadDocument(
        sentTo.current,
        {
          memberIndex: upload.memberIndex,
          kind: upload.kind,
          fileName: upload.file.name,
          ...(upload.documentId ? { documentId: upload.documentId } : {}),
        },
        upload.file,
      );
      setState(upload.id, result.error ? 'failed' : 'sent');
    }
    running.current = false;
  }, []);

  const start = useCallback(
    (reference: string, files: readonly NewUpload[]) => {
      sentTo.current = reference;
      const queue = files.map((file) => ({
        ...file,
        id: crypto.randomUUID(),
        state: 'waiting' as const,
      }));
      setUploads(queue);
      return send(queue);
    },
    [send],
  );

  const retry = useCallback(
    (id: string) => {
      const upload = uploads.find((candidate) => candidate.id === id);
      if (!upload || running.current) return Promise.resolve();
      return send([upload]);
    },
    [uploads, send],
  );

  const sent = uploads.filter((upload) => upload.state === 'sent').length;
  const busy = uploads.some((upload) => upload.state === 'sending' || upload.state === 'waiting');
  return { uploads, start, retry, sent, busy };
}
